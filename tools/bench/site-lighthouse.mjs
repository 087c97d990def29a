// @ts-check
/**
 * The Lighthouse part of the benchmark: every route and preset, cold runs each, and the floor
 * page (the hero headline alone) measured the same way to compare each route's LCP with.
 */
import figures from './figures.cjs';
import floorPage from './floor-page.cjs';
import { measureRuns, javascriptOf } from './lighthouse-runs.mjs';

const { machine } = figures;
const { floorPath, get, floorHtml } = floorPage;

/**
 * Measures the site and returns the report's Lighthouse sections.
 * @param {import('./load-run.mjs').Sites} sites
 * @param {import('./options.cjs').BenchOptions} options
 */
async function measureSite(sites, { routes, presets, runs, ports, args }) {
  const site = await sites.open();
  const siteUrl = site.url;
  /** @type {string | null} */
  let floorProblem = null;
  /** @type {{ markup: string; text: string } | null} */
  let headline = null;
  if (!presets.some((preset) => preset !== 'desktop'))
    floorProblem = 'not measured: the floor is measured on the phone only';
  else ({ headline, problem: floorProblem } = await floorPage.serveFloor(site));
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

  // The floor in every phone profile measured, so each route's figures are also ratios to it.
  /** @type {Record<string, any>} */
  const floorByPreset = {};
  const phonePresets = presets.filter((preset) => preset !== 'desktop');
  if (!floorProblem && headline)
    for (const preset of phonePresets) {
      const { last, ...measured } = await measureRuns(
        new URL(floorPath, siteUrl).toString(),
        preset,
        `floor`,
        runs,
      );
      const floor = {
        path: floorPath,
        headline: headline.text,
        htmlBytes: Buffer.byteLength(floorHtml(headline.markup)),
        preset,
        ...measured,
        requests: last.requests.length,
      };
      floorByPreset[preset] = floor;
      for (const result of results.filter((r) => r.preset === preset && floor.median.lcpMs))
        result.lcpToFloor = Number((result.median.lcpMs / floor.median.lcpMs).toFixed(2));
    }
  // The floor file stays for the trace-based visits (the bench removes it when it stops).

  return {
    generatedAt: new Date().toISOString(),
    args,
    machine,
    lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
      .version,
    results,
    // The calibrated phone's floor is the one targets are read against.
    floor: floorByPreset.mobile ??
      floorByPreset[phonePresets[0] ?? ''] ?? { problem: floorProblem },
    floorByPreset,
  };
}

export { measureSite };
