// @ts-check
/**
 * The Lighthouse part of the benchmark: every route and preset, cold runs each, and the floor
 * page (the hero headline alone) measured the same way to compare each route's LCP with.
 */
import fs from 'node:fs';
import figures from './figures.cjs';
import floorPage from './floor-page.cjs';
import { measureRuns, javascriptOf } from './lighthouse-runs.mjs';

const { machine } = figures;
const { floorFile, floorPath, get, heroHeadline, floorHtml } = floorPage;

/**
 * Measures the site and returns the report's Lighthouse sections.
 * @param {import('./load-run.mjs').Sites} sites
 * @param {import('./options.cjs').BenchOptions} options
 */
async function measureSite(sites, { routes, presets, runs, ports, args }) {
  const site = await sites.open();
  const siteUrl = site.url;
  const home = await get(siteUrl);
  const headline = heroHeadline(home.text);

  // The floor page. The render server indexes its static folder when it starts, so the
  // file is written now and the shell's server started again to serve it.
  /** @type {string | null} */
  let floorProblem = null;
  if (!presets.includes('mobile')) floorProblem = 'not measured: the floor is mobile only';
  else if (!headline)
    floorProblem = `not measured: GET / (HTTP ${home.status}) had no <h1 id="hero-heading">`;
  else {
    fs.writeFileSync(floorFile, floorHtml(headline.markup));
    await site.stop('shell');
    await site.start('shell');
    const floor = await get(new URL(floorPath, siteUrl).toString());
    if (floor.status !== 200 || !floor.text.includes('<h1>'))
      floorProblem = `not measured: the render server answered ${floor.status} for ${floorPath}`;
  }
  if (floorProblem) console.warn(`Floor page ${floorProblem}`);

  // One render of each route before measuring, so that no run pays for the first render
  // after start-up (the render server keeps rendered pages per set of remote versions).
  for (const route of routes) {
    const page = await get(new URL(route, siteUrl).toString());
    if (page.status !== 200 || page.cacheControl.includes('no-store'))
      console.warn(`Warm-up of ${route}: HTTP ${page.status}, Cache-Control ${page.cacheControl}`);
  }

  /** @type {any[]} */
  const results = [];
  for (const route of routes) {
    for (const preset of presets) {
      const { last, ...measured } = await measureRuns(
        new URL(route, siteUrl).toString(),
        preset,
        route,
        runs,
      );
      results.push({
        route,
        preset,
        ...measured,
        requests: last.requests.length,
        javascript: javascriptOf(last.requests, ports),
      });
    }
  }

  /** @type {any} */
  let floor = { problem: floorProblem };
  if (!floorProblem && headline) {
    const { last, ...measured } = await measureRuns(
      new URL(floorPath, siteUrl).toString(),
      'mobile',
      'floor',
      runs,
    );
    floor = {
      path: floorPath,
      headline: headline.text,
      htmlBytes: Buffer.byteLength(floorHtml(headline.markup)),
      preset: 'mobile',
      ...measured,
      requests: last.requests.length,
    };
    for (const result of results.filter((r) => r.preset === 'mobile' && floor.median.lcpMs))
      result.lcpToFloor = Number((result.median.lcpMs / floor.median.lcpMs).toFixed(2));
  }
  fs.rmSync(floorFile, { force: true });

  return {
    generatedAt: new Date().toISOString(),
    args,
    machine,
    lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
      .version,
    results,
    floor,
  };
}

export { measureSite };
