// @ts-check
const fs = require('node:fs');
const path = require('node:path');
const paths = require('../stack/paths.cjs');

/**
 * The floor page: the home page's hero headline alone, as static HTML on the same server, the
 * fastest a page of this design could paint. Also the plain GET the benchmark warms pages with.
 */

/** The floor page: written into the shell's static build for the run, removed after it. */
const floorFile = path.join(paths.distOf('shell'), 'bench-floor.html');
const floorPath = `/${path.basename(floorFile)}`;

/**
 * GET a page as a browser would ask for it (uncompressed here: fetch decodes anyway).
 * @param {string} url
 */
async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control') ?? '',
    text: await response.text(),
  };
}

/** @param {string} html */
function decodeEntities(html) {
  /** @type {Record<string, string>} */
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name) => {
    const code = String(name);
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return named[code.toLowerCase()] ?? entity;
  });
}

/**
 * The home page's hero headline, as served: its markup (tags and comments taken out, entities
 * kept, ready to go back into HTML) and its text. Null when the page has no hero headline.
 * @param {string} html
 */
function heroHeadline(html) {
  const match = /<h1\b[^>]*\bid=["']?hero-heading\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!match) return null;
  const markup = String(match[1])
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return markup ? { markup, text: decodeEntities(markup) } : null;
}

/**
 * The floor: the hero headline alone, styled inline like the hero (the design tokens'
 * background, text colour and font stack, the headline's size, weight and spacing), nothing
 * else to fetch. Its icon is inline, as the site's pages' is: without one the browser asks for
 * /favicon.ico, a request the site never makes, and in about one run in three Lighthouse's
 * simulation put it before the paint and the floor's LCP 0.12 s later.
 * @param {string} headlineMarkup
 */
function floorHtml(headlineMarkup) {
  const css = [
    "html{background:#0e0e10;color:#f5f2eb;color-scheme:dark;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;-webkit-text-size-adjust:100%}",
    'body{margin:0;min-height:100vh;padding:calc(4.5rem + 4rem) 1.5rem 2rem;-webkit-font-smoothing:antialiased}',
    'h1{margin:0;max-width:12ch;font-size:clamp(2.5rem,1.2rem + 5.6vw,6rem);font-weight:700;line-height:1;letter-spacing:-0.04em}',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Benchmark floor</title><style>${css}</style></head><body><main><h1>${headlineMarkup}</h1></main></body></html>\n`;
}

/**
 * Serves the floor page beside the site: writes it from the home page's headline as served and,
 * if it was not there yet, starts the shell's server again (it indexes its static folder when it
 * starts). `problem` says why it is not served.
 * @param {{ url: string; stop: (id: 'shell') => Promise<void>; start: (id: 'shell') => Promise<void> }} site
 * @returns {Promise<{ headline: { markup: string; text: string } | null; problem: string | null }>}
 */
async function serveFloor(site) {
  const home = await get(site.url);
  const headline = heroHeadline(home.text);
  if (!headline)
    return {
      headline,
      problem: `not measured: GET / (HTTP ${home.status}) had no <h1 id="hero-heading">`,
    };
  const html = floorHtml(headline.markup);
  const fresh = !fs.existsSync(floorFile) || fs.readFileSync(floorFile, 'utf8') !== html;
  if (fresh) {
    fs.writeFileSync(floorFile, html);
    await site.stop('shell');
    await site.start('shell');
  }
  const floor = await get(new URL(floorPath, site.url).toString());
  if (floor.status !== 200 || !floor.text.includes('<h1>'))
    return {
      headline,
      problem: `not measured: the render server answered ${floor.status} for ${floorPath}`,
    };
  return { headline, problem: null };
}

module.exports = { floorFile, floorPath, get, heroHeadline, floorHtml, serveFloor };
