// @ts-check
/**
 * `npm run bench`: builds for production, serves the composed site as `npm start` does (the
 * shell through its render server), runs Lighthouse (mobile and desktop presets, Debian's
 * Chromium) on /, /about and /contact three times each, measures a floor page (the home page's
 * hero headline alone, as static HTML on the same server) the same way, load-tests the render
 * server with autocannon (cached pages, then every request a render), and writes
 * reports/bench.json and reports/bench.md with the medians and, per route, the JavaScript each
 * app and shared library costs.
 *
 *   node tools/bench/bench.mjs [--no-build] [--runs N] [--routes /,/about] [--presets mobile]
 *                          [--no-load | --load] [--no-taps | --taps] [--before DIR]
 *
 * --no-load skips the load test; --load runs only the load test and puts its results into the
 * existing reports/bench.json (the Lighthouse results there are kept, with their own date).
 * The trace-based measures of interaction from the first paint (tools/bench/interaction-trace.cjs,
 * 5 cold visits per route) run too unless --no-taps; --taps runs only them (and keeps the rest).
 * --before DIR also serves an earlier build (a FIRSTDAY_DIST folder: DIR/<app>, DIR/shell-server)
 * and measures it interleaved with this one, visit for visit, Lighthouse's mobile figures too.
 * --client-start load,paint,screen,intent measures, the same way, this build with its client
 * started only at each of those moments (the page's loader honours ?client-start=).
 * --render only writes reports/bench.md again from reports/bench.json and reports/analysis.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
// @ts-expect-error -- autocannon ships no types (@types/autocannon describes v7): see Autocannon below.
import autocannonUntyped from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import chromium from '../browser/chromium.cjs';
import paths from '../stack/paths.cjs';
import processes from '../processes/processes.cjs';
import stack from '../stack/stack.cjs';
import weight from './javascript-weight.cjs';
import interactionTrace from './interaction-trace.cjs';

const args = process.argv.slice(2);
/** @param {string} flag */
const option = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
// --routes /,/about and --presets mobile narrow a run while investigating.
const routes = (option('--routes') ?? '/,/about,/contact').split(',');
const presets = /** @type {Array<'mobile' | 'desktop'>} */ (
  (option('--presets') ?? 'mobile,desktop').split(',')
);
const runs = Number(option('--runs')) || 3;
const tapsOnly = args.includes('--taps');
const withTaps = tapsOnly || !args.includes('--no-taps');
const beforeDir = option('--before');
const clientStarts = option('--client-start')?.split(',') ?? [];
// Five cold visits per route and build; fewer (--trace-runs N) only while investigating.
const traceRuns = Number(option('--trace-runs')) || 5;
const loadOnly = args.includes('--load');
const withLoad = loadOnly || !args.includes('--no-load');
const base = Number(process.env.BENCH_PORT_BASE ?? 4300);
const ports = stack.portsFrom(base);
const appByPort = new Map(Object.entries(ports).map(([id, port]) => [String(port), id]));

/**
 * The part of autocannon 9's programmatic API used here: without a callback it returns a
 * thenable run that can also be stopped early. Outside the main thread (where it runs here) the
 * run's result is not summed up: `aggregateResult` turns it into latency percentiles.
 * @typedef {{
 *   totalCompletedRequests: number;
 *   duration: number;
 *   errors: number;
 *   timeouts: number;
 *   non2xx: number;
 *   latency?: { p50: number; p99: number; max: number };
 * }} AutocannonResult
 * @typedef {{
 *   (options: Record<string, unknown>): PromiseLike<AutocannonResult> & {
 *     stop(): void;
 *     on(
 *       event: 'response',
 *       listener: (client: unknown, status: number, bytes: number, ms: number) => void,
 *     ): unknown;
 *   };
 *   aggregateResult(results: AutocannonResult[], options: Record<string, unknown>): Required<AutocannonResult>;
 * }} Autocannon
 */
const autocannon = /** @type {Autocannon} */ (autocannonUntyped);

/** What the report checks (mobile preset for the Lighthouse ones). */
const targets = {
  score: 98,
  lcpMs: 1200,
  tbtMs: 100,
  cls: 0.01,
  /** A route's mobile LCP over the floor page's. */
  lcpToFloor: 1.6,
  /** p99 latency of GET / under load, pages served from the render server's cache. */
  cachedP99Ms: 100,
  /** Trace-based, 4x phone: taps lost, first working tap after Menu's paint, CPU-time TBT. */
  tapsLost: 0,
  firstTapAfterPaintMs: 300,
  tbtCpuMs: 60,
  longestTaskCpuMs: 50,
  nextPaintMs: 100,
  homeJavaScriptKB: 110,
};

/** The floor page: written into the shell's static build for the run, removed after it. */
const floorFile = path.join(paths.distOf('shell'), 'bench-floor.html');
const floorPath = `/${path.basename(floorFile)}`;

/** The load test: bounded (it stops by itself) and aimed at this machine only. */
const load = { connections: 50, durationSeconds: 20, path: '/' };

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The file a request was served from, so its bytes can be weighed as the budget test does.
 * @param {string} url
 */
function servedFile(url) {
  const { port, pathname } = new URL(url);
  const app = appByPort.get(port);
  if (!app) return null;
  const file = path.join(paths.distOf(app), decodeURIComponent(pathname));
  return fs.existsSync(file) ? file : null;
}

/**
 * One Lighthouse run in a fresh browser profile (a first-time visitor's cold cache).
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 */
async function measure(url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: chromium.chromiumFlags,
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const audit = (/** @type {string} */ id) => lhr.audits[id];
    /** @type {Array<{ url: string; transferSize: number; resourceType: string }>} */
    const requests = /** @type {any} */ (audit('network-requests')?.details)?.items ?? [];
    const lcpItems = /** @type {any} */ (audit('largest-contentful-paint-element')?.details)?.items;
    const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
      fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? 0),
      tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
      cls: Number((audit('cumulative-layout-shift')?.numericValue ?? 0).toFixed(4)),
      lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} ${lcpNode.snippet ?? ''}`.trim() : 'n/a',
      requests,
      runWarnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/** @typedef {Awaited<ReturnType<typeof measure>>} Sample */

/**
 * `runs` cold Lighthouse runs of one page and their medians.
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 * @param {string} label
 */
async function measureRuns(url, preset, label) {
  /** @type {Sample[]} */
  const samples = [];
  for (let run = 1; run <= runs; run += 1) {
    process.stdout.write(`Lighthouse ${preset} ${label} run ${run}/${runs}… `);
    const sample = await measure(url, preset);
    console.log(`score ${sample.score}, LCP ${sample.lcpMs} ms`);
    samples.push(sample);
  }
  const last = /** @type {Sample} */ (samples.at(-1));
  return {
    runs: samples.length,
    median: {
      score: median(samples.map((s) => s.score)),
      lcpMs: median(samples.map((s) => s.lcpMs)),
      fcpMs: median(samples.map((s) => s.fcpMs)),
      tbtMs: median(samples.map((s) => s.tbtMs)),
      cls: median(samples.map((s) => s.cls)),
    },
    samples: samples.map(({ requests, ...rest }) => ({ ...rest, requestCount: requests.length })),
    lcpElement: last.lcpElement,
    last,
  };
}

/** @param {Sample['requests']} requests */
function javascriptOf(requests) {
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ request, file: servedFile(request.url) }))
    .filter((entry) => entry.file !== null);
  const weighed = weight.weighJavaScript(
    scripts.map(({ request, file }) => ({
      url: request.url,
      body: fs.readFileSync(/** @type {string} */ (file)),
    })),
    ports,
  );
  return {
    ...weighed,
    transferredBytes: scripts.reduce((sum, { request }) => sum + request.transferSize, 0),
  };
}

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
 * else to fetch.
 * @param {string} headlineMarkup
 */
function floorHtml(headlineMarkup) {
  const css = [
    "html{background:#0e0e10;color:#f5f2eb;color-scheme:dark;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;-webkit-text-size-adjust:100%}",
    'body{margin:0;min-height:100vh;padding:calc(4.5rem + 4rem) 1.5rem 2rem;-webkit-font-smoothing:antialiased}',
    'h1{margin:0;max-width:12ch;font-size:clamp(2.5rem,1.2rem + 5.6vw,6rem);font-weight:700;line-height:1;letter-spacing:-0.04em}',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Benchmark floor</title><style>${css}</style></head><body><main><h1>${headlineMarkup}</h1></main></body></html>\n`;
}

/**
 * The value below which `percent` % of `values` fall (nearest rank).
 * @param {number[]} sorted ascending
 * @param {number} percent
 */
function percentile(sorted, percent) {
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? null;
}

/**
 * Runs autocannon against `url` (in a worker thread: see loadTest) and sums it up. Answers
 * marked `no-store` are counted apart as degraded: the render server sends those when it could
 * not render the whole page (a remote late or thought down, or the last good render as a
 * fallback). Fallbacks are answered at once, so a few seconds of them can outnumber the whole
 * pages: the whole pages get their own rate and latencies.
 * @param {string} url
 */
async function runAutocannon(url) {
  let lastDegraded = false;
  /** @type {number[]} */
  const wholeMs = [];
  let degraded = 0;
  const options = {
    url,
    connections: load.connections,
    duration: load.durationSeconds,
    timeout: 10,
    // As a browser asks: the render server answers from its precompressed copies.
    headers: { 'accept-encoding': 'br, gzip' },
  };
  const instance = autocannon({
    ...options,
    requests: [
      {
        method: 'GET',
        path: new URL(url).pathname,
        // Called for each answer just before the run's 'response' event for the same answer.
        onResponse: (
          /** @type {number} */ _status,
          /** @type {string} */ _body,
          /** @type {unknown} */ _context,
          /** @type {Record<string, string | string[]>} */ headers,
        ) => {
          const cacheControl = Object.entries(headers ?? {}).find(
            ([name]) => name.toLowerCase() === 'cache-control',
          )?.[1];
          lastDegraded = String(cacheControl ?? '').includes('no-store');
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (lastDegraded) degraded += 1;
    else if (status >= 200 && status < 300) wholeMs.push(ms);
    lastDegraded = false;
  });
  // It stops by itself after `duration`; this only guards against it hanging on a dead server.
  const guard = setTimeout(() => instance.stop(), (load.durationSeconds + 30) * 1000);
  try {
    const result = await instance;
    const { latency } = result.latency ? result : autocannon.aggregateResult([result], options);
    const whole = wholeMs.sort((a, b) => a - b);
    const round = (/** @type {number | null} */ ms) => (ms === null ? null : Math.round(ms));
    return {
      requestsPerSecond: Math.round(result.totalCompletedRequests / result.duration),
      p50Ms: latency?.p50,
      p99Ms: latency?.p99,
      maxMs: latency?.max,
      requests: result.totalCompletedRequests,
      durationSeconds: result.duration,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      degraded,
      wholePages: {
        count: whole.length,
        perSecond: Number((whole.length / result.duration).toFixed(1)),
        p50Ms: round(percentile(whole, 50)),
        p99Ms: round(percentile(whole, 99)),
      },
    };
  } finally {
    clearTimeout(guard);
  }
}

/**
 * Load-tests GET `load.path` on `siteUrl`. autocannon runs in a worker thread: on this
 * process's main thread it would starve the remotes' static servers, which run here, until
 * the render server thinks them down and answers with fallbacks instead of renders.
 * @param {string} siteUrl
 * @param {string} title
 * @returns {Promise<Awaited<ReturnType<typeof runAutocannon>>>}
 */
async function loadTest(siteUrl, title) {
  const url = new URL(load.path, siteUrl);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    throw new Error(`The load test only runs against this machine, not ${url.host}`);
  console.log(
    `Load test (${title}): ${load.connections} connections for ${load.durationSeconds} s on ${url}…`,
  );
  const worker = new Worker(new URL(import.meta.url), {
    argv: args,
    workerData: { loadTestUrl: url.toString() },
  });
  const guard = setTimeout(() => void worker.terminate(), (load.durationSeconds + 60) * 1000);
  try {
    const summary = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`The load test stopped (exit ${code}) without a result`)),
      );
    });
    console.log(
      `  ${summary.requestsPerSecond} requests/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, errors ${summary.errors}, timeouts ${summary.timeouts}, non-2xx ${summary.non2xx}, degraded ${summary.degraded}; whole pages ${summary.wholePages.perSecond}/s, p50 ${summary.wholePages.p50Ms} ms, p99 ${summary.wholePages.p99Ms} ms`,
    );
    return summary;
  } finally {
    clearTimeout(guard);
    await worker.terminate();
  }
}

const reports = path.join(paths.repoRoot, 'reports');
const command = `node tools/bench/bench.mjs${args.length ? ` ${args.join(' ')}` : ''}`;
const machine = { cpus: os.cpus().length, node: process.version };

/**
 * Serves the build in `dir` (a FIRSTDAY_DIST folder) as `npm start` would, in a process of its
 * own (paths are read from the environment), on ports `base`..`base + 3`.
 * @param {string} dir
 * @param {number} base
 */
async function serveBuildAt(dir, base) {
  const code = `require(${JSON.stringify(path.join(paths.repoRoot, 'tools/stack/stack.cjs'))}).serveSite({ ports: require(${JSON.stringify(path.join(paths.repoRoot, 'tools/stack/stack.cjs'))}).portsFrom(${base}) }).then((s) => console.log('SERVING ' + s.url))`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, FIRSTDAY_DIST: path.resolve(dir) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /SERVING (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`The earlier build's site exited (${code})`)));
  });
  return {
    url: /** @type {string} */ (url),
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * The trace-based measures per route, 5 cold visits each, and with an earlier build the same
 * visits of it interleaved (this build, then that one, visit for visit), plus Lighthouse's
 * mobile figures of both, interleaved the same way.
 * @param {Array<{ label: string; url: string; search?: string }>} variants
 */
async function interactionBench(variants) {
  const at = (/** @type {string} */ route, /** @type {{ url: string; search?: string }} */ v) => {
    const url = new URL(route, v.url);
    url.search = v.search ?? '';
    return url.toString();
  };
  const loadBefore = os.loadavg();
  const browser = await interactionTrace.launchForTraces();
  /** @type {Record<string, Record<string, any[]>>} */
  const visits = {};
  /** @type {Record<string, Record<string, Sample[]>>} */
  const lighthouseRuns = {};
  try {
    for (const route of routes) {
      for (const { label } of variants) {
        (visits[route] ??= {})[label] = [];
        (lighthouseRuns[route] ??= {})[label] = [];
      }
      for (let run = 1; run <= traceRuns; run += 1) {
        for (const variant of variants) {
          const { label } = variant;
          // A visit that fails (a render server answering late on a busy machine) is tried again,
          // twice at most, and reported.
          let sample = null;
          for (let attempt = 1; attempt <= 3 && !sample; attempt += 1) {
            try {
              sample = await interactionTrace.measureVisit(browser, at(route, variant));
            } catch (error) {
              console.warn(`Trace ${label} ${route} attempt ${attempt} failed: ${error}`);
            }
          }
          if (!sample) throw new Error(`Trace ${label} ${route}: three visits failed`);
          console.log(`Trace ${label} ${route} ${run}/${traceRuns}: ${JSON.stringify(sample)}`);
          visits[route]?.[label]?.push(sample);
        }
      }
      if (variants.length > 1)
        for (let run = 1; run <= runs; run += 1) {
          for (const variant of variants) {
            const { label } = variant;
            const sample = await measure(at(route, variant), 'mobile');
            console.log(`Lighthouse ${label} ${route} ${run}/${runs}: LCP ${sample.lcpMs} ms`);
            lighthouseRuns[route]?.[label]?.push(sample);
          }
        }
    }
  } finally {
    await browser.close();
  }
  const med = (/** @type {Array<number | null>} */ values) => {
    const known = /** @type {number[]} */ (values.filter((v) => typeof v === 'number'));
    return known.length ? median(known) : null;
  };
  return {
    generatedAt: new Date().toISOString(),
    command,
    machine,
    loadAverage: { before: loadBefore, after: os.loadavg() },
    runs: traceRuns,
    variants: variants.map((v) => v.label),
    routes: Object.fromEntries(
      Object.entries(visits).map(([route, byVariant]) => [
        route,
        Object.fromEntries(
          Object.entries(byVariant).map(([label, samples]) => {
            const names = [...new Set(samples.flatMap((s) => Object.keys(s.nextPaintMs)))];
            const lh = lighthouseRuns[route]?.[label] ?? [];
            return [
              label,
              {
                menuPaintedMs: med(samples.map((s) => s.menuPaintedMs)),
                firstWorkingTapMs: med(samples.map((s) => s.firstWorkingTapMs)),
                firstTapAfterPaintMs: med(
                  samples.map((s) =>
                    s.firstWorkingTapMs === null ? null : s.firstWorkingTapMs - s.menuPaintedMs,
                  ),
                ),
                tapsLost: med(samples.map((s) => s.tapsLost)),
                hydratedMs: med(samples.map((s) => s.hydratedMs ?? null)),
                tapsLostMax: Math.max(...samples.map((s) => s.tapsLost)),
                tbtCpuMs: med(samples.map((s) => s.tbtCpuMs)),
                longestTaskCpuMs: med(samples.map((s) => s.longestTaskCpuMs)),
                longestTaskCpuMsMax: Math.max(...samples.map((s) => s.longestTaskCpuMs ?? 0)),
                nextPaintMs: Object.fromEntries(
                  names.map((name) => [name, med(samples.map((s) => s.nextPaintMs[name] ?? null))]),
                ),
                lighthouse: lh.length
                  ? {
                      runs: lh.length,
                      score: median(lh.map((s) => s.score)),
                      lcpMs: median(lh.map((s) => s.lcpMs)),
                      tbtMs: median(lh.map((s) => s.tbtMs)),
                      javascriptGzipBytes: javascriptOfVariant(
                        /** @type {Sample} */ (lh.at(-1)).requests,
                        label,
                      ),
                    }
                  : null,
                samples,
              },
            ];
          }),
        ),
      ]),
    ),
  };
}

/** Where each variant's files are, to weigh the JavaScript a Lighthouse run fetched. */
/** @type {Map<string, { dir: string | undefined; ports: ReturnType<typeof stack.portsFrom> }>} */
const variantFiles = new Map();

/**
 * @param {Sample['requests']} requests
 * @param {string} label
 */
function javascriptOfVariant(requests, label) {
  const variant = variantFiles.get(label);
  if (!variant) return null;
  const byPort = new Map(Object.entries(variant.ports).map(([id, port]) => [String(port), id]));
  const bodies = requests
    .filter((request) => request.resourceType === 'Script')
    .flatMap((request) => {
      const { port, pathname } = new URL(request.url);
      const app = byPort.get(port);
      if (!app) return [];
      const dir = variant.dir ? path.join(variant.dir, app) : paths.distOf(app);
      const file = path.join(dir, decodeURIComponent(pathname));
      return fs.existsSync(file) ? [{ url: request.url, body: fs.readFileSync(file) }] : [];
    });
  return weight.weighJavaScript(bodies, variant.ports).totalGzipBytes;
}

async function main() {
  const { onShutdown, shutdown, stopOnSignals } = processes;
  stopOnSignals();
  // Registered first, so it runs last: after the site has stopped, also on failure or Ctrl-C.
  onShutdown(() => fs.rmSync(floorFile, { force: true }));
  /** @type {Awaited<ReturnType<typeof stack.serveSite>> | null} */
  let site = null;
  async function closeSite() {
    const running = site;
    site = null;
    await running?.close();
  }
  onShutdown(closeSite);
  try {
    if (loadOnly && args.includes('--no-load'))
      throw new Error('--load and --no-load exclude each other');
    if (!args.includes('--no-build')) await stack.buildApps();

    /** @type {any} */
    let report;
    if (loadOnly || tapsOnly) {
      // Only the load test (or the trace measures): the other results stay as they were.
      const previous = path.join(reports, 'bench.json');
      report = fs.existsSync(previous)
        ? JSON.parse(fs.readFileSync(previous, 'utf8'))
        : { generatedAt: null, command: null, machine, lighthouse: null, results: [], floor: null };
    } else {
      site = await stack.serveSite({ ports });
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
          console.warn(
            `Warm-up of ${route}: HTTP ${page.status}, Cache-Control ${page.cacheControl}`,
          );
      }

      /** @type {any[]} */
      const results = [];
      for (const route of routes) {
        for (const preset of presets) {
          const { last, ...measured } = await measureRuns(
            new URL(route, siteUrl).toString(),
            preset,
            route,
          );
          results.push({
            route,
            preset,
            ...measured,
            requests: last.requests.length,
            javascript: javascriptOf(last.requests),
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

      report = {
        generatedAt: new Date().toISOString(),
        command,
        machine,
        lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
          .version,
        results,
        floor,
      };
      // The trace-based sections are kept from the last run that measured them (they carry
      // their own date), unless this run measures them again.
      const previous = path.join(reports, 'bench.json');
      if (fs.existsSync(previous)) {
        const { interaction, clientStart } = JSON.parse(fs.readFileSync(previous, 'utf8'));
        Object.assign(report, { interaction, clientStart });
      }
    }
    report.targets = targets;

    if (withTaps && !loadOnly) {
      site ??= await stack.serveSite({ ports });
      /** @type {Array<{ label: string; url: string; search?: string }>} */
      const variants = [{ label: 'this build', url: site.url }];
      variantFiles.set('this build', { dir: undefined, ports });
      for (const start of clientStarts) {
        const label = `client-start=${start}`;
        variants.push({ label, url: site.url, search: `?${label}` });
        variantFiles.set(label, { dir: undefined, ports });
      }
      /** @type {{ url: string; close: () => Promise<void> } | null} */
      let before = null;
      if (beforeDir) {
        const beforeBase = base + 100;
        before = await serveBuildAt(beforeDir, beforeBase);
        onShutdown(() => before?.close());
        variants.push({ label: 'before', url: before.url });
        variantFiles.set('before', {
          dir: path.resolve(beforeDir),
          ports: stack.portsFrom(beforeBase),
        });
      }
      for (const { url } of variants)
        for (const route of routes) await get(new URL(route, url).toString());
      try {
        // The choices of start are a study of their own: they keep the before/after section.
        report[clientStarts.length ? 'clientStart' : 'interaction'] =
          await interactionBench(variants);
      } finally {
        await before?.close();
        before = null;
      }
    }

    if (withLoad && !tapsOnly) {
      /** One request before the load, which also tells whether the page renders whole. */
      const warmUp = async (/** @type {string} */ siteUrl) => {
        const page = await get(new URL(load.path, siteUrl).toString());
        if (page.status !== 200 || page.cacheControl.includes('no-store'))
          console.warn(`Warm-up of ${load.path}: HTTP ${page.status}, ${page.cacheControl}`);
      };
      site ??= await stack.serveSite({ ports });
      await warmUp(site.url);
      const cached = await loadTest(site.url, 'cached HTML');
      await closeSite();
      // The same site with the render server's page cache off: every request is a render.
      site = await stack.serveSite({ ports, renderEnv: { PAGE_CACHE: 'off' } });
      await warmUp(site.url);
      const forced = await loadTest(site.url, 'forced renders');
      report.load = {
        generatedAt: new Date().toISOString(),
        command,
        machine,
        autocannon: (await import('autocannon/package.json', { with: { type: 'json' } })).default
          .version,
        ...load,
        cached,
        forced,
      };
    } else if (!tapsOnly) {
      report.load = null;
    }
    await closeSite();

    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(path.join(reports, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(reports, 'bench.md'), renderMarkdown(report));
    console.log(`\nWrote reports/bench.md and reports/bench.json`);
    await shutdown(0);
  } catch (error) {
    console.error(error);
    await shutdown(1);
  }
}

if (isMainThread && args.includes('--render')) {
  // Only writes reports/bench.md again from reports/bench.json (after editing analysis.md).
  const json = path.join(reports, 'bench.json');
  fs.writeFileSync(
    path.join(reports, 'bench.md'),
    renderMarkdown(JSON.parse(fs.readFileSync(json, 'utf8'))),
  );
} else if (isMainThread) await main();
else parentPort?.postMessage(await runAutocannon(workerData.loadTestUrl));

/**
 * The trace-based section: per route, this build (and the earlier one, if measured) side by side.
 * @param {any} interaction
 * @param {string} title
 * @param {(pass: boolean, value: string) => string} ok
 * @param {(ms: number) => string} seconds
 * @param {(bytes: number) => string} kb
 */
function interactionSection(interaction, title, ok, seconds, kb) {
  const lines = [title, ''];
  if (!interaction) {
    lines.push('Not measured in this run (`--no-taps`).');
    return lines;
  }
  const load = (/** @type {number[]} */ l) => l.map((v) => v.toFixed(2)).join(' / ');
  lines.push(
    `Measured ${interaction.generatedAt} by \`${interaction.command}\`: medians of ${interaction.runs} cold visits per route and build, 390 x 844 touch, CDP throttling 4x CPU, 150 ms RTT, 1.6 Mbps down. ${interaction.variants.length > 1 ? 'The builds were measured interleaved (one visit of each in turn), on the same machine at the same time. ' : ''}Load average (1 / 5 / 15 min) ${load(interaction.loadAverage.before)} before, ${load(interaction.loadAverage.after)} after: wall-clock figures (paint, tap, next paint) follow it; CPU-time figures do not.`,
    '',
    '- **Menu painted**: first contentful paint (Menu is in the first paint). **First working tap**: Menu tapped every 300 ms from then, the tap that opened the overlay; **lost**: taps before it (median, worst).',
    '- **Hydrated**: when the app had taken over the page (every control then answers by itself).',
    "- **CPU-time TBT**: over the main thread's tasks after the first paint, the sum of max(0, 4 × CPU time − 50 ms); **longest task**: 4 × its CPU time (median, worst).",
    '- **Next paint**: Event Timing duration (input to the next paint) of the interaction, after hydration, at 4x; under 16 ms shows as 0.',
    '',
  );
  const variants = /** @type {string[]} */ (interaction.variants);
  const header = ['route', 'measure', ...variants];
  lines.push(`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
  const ms = (/** @type {number | null} */ v) => (v === null ? '—' : `${Math.round(v)} ms`);
  for (const [route, byVariant] of Object.entries(interaction.routes)) {
    const row = (/** @type {string} */ name, /** @type {(v: any) => string} */ cellOf) =>
      lines.push(
        `| ${route} | ${name} | ${variants.map((label) => (byVariant[label] ? cellOf(byVariant[label]) : '—')).join(' | ')} |`,
      );
    const current = (/** @type {any} */ v) => v === byVariant['this build'];
    row('Menu painted', (v) => (v.menuPaintedMs === null ? '—' : seconds(v.menuPaintedMs)));
    row('first working tap', (v) =>
      v.firstWorkingTapMs === null ? 'never' : seconds(v.firstWorkingTapMs),
    );
    row('… after Menu painted', (v) => {
      const text = ms(v.firstTapAfterPaintMs);
      return current(v)
        ? ok(
            v.firstTapAfterPaintMs !== null &&
              v.firstTapAfterPaintMs <= targets.firstTapAfterPaintMs,
            text,
          )
        : text;
    });
    row('hydrated (app ready)', (v) =>
      typeof v.hydratedMs === 'number' ? seconds(v.hydratedMs) : '—',
    );
    row('taps lost (median, worst)', (v) => {
      const text = `${v.tapsLost}, ${v.tapsLostMax}`;
      return current(v) ? ok(v.tapsLostMax <= targets.tapsLost, text) : text;
    });
    row('CPU-time TBT', (v) =>
      current(v)
        ? ok((v.tbtCpuMs ?? Infinity) <= targets.tbtCpuMs, ms(v.tbtCpuMs))
        : ms(v.tbtCpuMs),
    );
    row('longest task (median, worst)', (v) => {
      const text = `${ms(v.longestTaskCpuMs)}, ${ms(v.longestTaskCpuMsMax)}`;
      return current(v) ? ok(v.longestTaskCpuMsMax <= targets.longestTaskCpuMs, text) : text;
    });
    const names = [
      ...new Set(
        Object.values(byVariant).flatMap((/** @type {any} */ v) => Object.keys(v.nextPaintMs)),
      ),
    ];
    for (const name of names)
      row(`next paint: ${name}`, (v) => {
        const value = v.nextPaintMs[name] ?? null;
        return current(v)
          ? ok(value !== null && value <= targets.nextPaintMs, ms(value))
          : ms(value);
      });
    if (Object.values(byVariant).some((/** @type {any} */ v) => v.lighthouse)) {
      row('Lighthouse mobile score', (v) => String(v.lighthouse?.score ?? '—'));
      row('Lighthouse LCP', (v) => (v.lighthouse ? seconds(v.lighthouse.lcpMs) : '—'));
      row('Lighthouse TBT', (v) => (v.lighthouse ? `${v.lighthouse.tbtMs} ms` : '—'));
      row('JS (gzip)', (v) => {
        const bytes = v.lighthouse?.javascriptGzipBytes;
        if (typeof bytes !== 'number') return '—';
        const text = `${kb(bytes)} KB`;
        return current(v) && route === '/'
          ? ok(bytes / 1024 <= targets.homeJavaScriptKB, text)
          : text;
      });
    }
  }
  return lines;
}

/** @param {any} report */
function renderMarkdown(report) {
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
  const ok = (/** @type {boolean} */ pass, /** @type {string} */ value) =>
    `${pass ? '✅' : '❌'} ${value}`;
  const cell = (/** @type {unknown} */ text) =>
    String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 80);
  /** @type {any[]} */
  const results = report.results ?? [];
  const mobile = results.filter((r) => r.preset === 'mobile');
  const floor = report.floor?.median ? report.floor : null;
  const lines = ['# Performance benchmark', ''];
  if (report.generatedAt) {
    lines.push(
      `Generated ${report.generatedAt} by \`${report.command}\` (Lighthouse ${report.lighthouse}, Debian Chromium, ${report.machine.cpus} cores, Node ${report.machine.node}). Medians of ${results[0]?.runs ?? 0} cold runs per row; the mobile preset simulates a mid-range phone on slow 4G.`,
    );
  } else {
    lines.push('No Lighthouse results yet: run `node tools/bench/bench.mjs` without `--load`.');
  }
  lines.push(
    '',
    '## Web vitals (medians)',
    '',
    '| route | preset | score | LCP | FCP | TBT | CLS | requests | JS (gzip) | react-dom copies | federation runtimes | LCP element |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of results) {
    lines.push(
      `| ${r.route} | ${r.preset} | ${r.median.score} | ${seconds(r.median.lcpMs)} | ${seconds(r.median.fcpMs)} | ${r.median.tbtMs} ms | ${r.median.cls} | ${r.requests} | ${kb(r.javascript.totalGzipBytes)} KB | ${r.javascript.reactDomCopies} | ${r.javascript.federationRuntimeCopies} | ${cell(r.lcpElement)} |`,
    );
  }

  lines.push('', '## Floor: the hero headline alone', '');
  if (floor) {
    lines.push(
      `The home page's hero headline as served ("${floor.headline}"), alone in a ${kb(floor.htmlBytes)} KB static HTML page with inline CSS (same background, font stack, size and weight), served by the same render server at \`${floor.path}\` and measured the same way (mobile preset, medians of ${floor.runs} cold runs). No page of this design can paint its headline much sooner on this server, so each route's LCP is compared with it under Targets.`,
      '',
      '| page | score | LCP | FCP | TBT | CLS | requests | LCP element |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      `| floor | ${floor.median.score} | ${seconds(floor.median.lcpMs)} | ${seconds(floor.median.fcpMs)} | ${floor.median.tbtMs} ms | ${floor.median.cls} | ${floor.requests} | ${cell(floor.lcpElement)} |`,
    );
  } else {
    lines.push(`Floor ${report.floor?.problem ?? 'not measured in this run'}.`);
  }

  lines.push('', '## JavaScript per route (gzip level 9, by owner)', '');
  for (const r of mobile) {
    lines.push(`### ${r.route}`, '', '| owner | KB |', '| --- | --- |');
    for (const [owner, bytes] of Object.entries(r.javascript.byOwner).sort(
      (a, b) => Number(b[1]) - Number(a[1]),
    )) {
      lines.push(`| ${owner} | ${kb(Number(bytes))} |`);
    }
    lines.push(
      `| **total** | **${kb(r.javascript.totalGzipBytes)}** |`,
      '',
      `Transferred as served (brotli/gzip as negotiated): ${kb(r.javascript.transferredBytes)} KB in ${r.javascript.scriptRequests} scripts; firebase SDK downloaded: ${r.javascript.firebase ? 'yes' : 'no'}.`,
      '',
    );
  }

  const lcpTarget = `${targets.lcpMs / 1000} s`;
  lines.push(
    '## Targets (mobile preset)',
    '',
    `| route | score ≥ ${targets.score} | LCP ≤ ${lcpTarget} | LCP ≤ ${targets.lcpToFloor}× floor | TBT ≤ ${targets.tbtMs} ms | CLS ≤ ${targets.cls} | one react-dom | one runtime |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of mobile) {
    const ratio =
      typeof r.lcpToFloor === 'number'
        ? ok(r.lcpToFloor <= targets.lcpToFloor, `${r.lcpToFloor.toFixed(2)}×`)
        : '—';
    lines.push(
      `| ${r.route} | ${ok(r.median.score >= targets.score, String(r.median.score))} | ${ok(r.median.lcpMs <= targets.lcpMs, seconds(r.median.lcpMs))} | ${ratio} | ${ok(r.median.tbtMs <= targets.tbtMs, `${r.median.tbtMs} ms`)} | ${ok(r.median.cls <= targets.cls, String(r.median.cls))} | ${ok(r.javascript.reactDomCopies === 1, String(r.javascript.reactDomCopies))} | ${ok(r.javascript.federationRuntimeCopies === 1, String(r.javascript.federationRuntimeCopies))} |`,
    );
  }

  lines.push(
    '',
    ...interactionSection(
      report.interaction,
      '## Interaction from the first paint (Chrome traces, phone profile)',
      ok,
      seconds,
      kb,
    ),
  );
  if (report.clientStart)
    lines.push(
      '',
      ...interactionSection(
        report.clientStart,
        '## When the client starts: the choices measured (same build, ?client-start=)',
        ok,
        seconds,
        kb,
      ),
    );

  lines.push('', '## Render server under load', '');
  const loadReport = report.load;
  if (loadReport) {
    const row = (/** @type {string} */ name, /** @type {any} */ l) =>
      `| ${name} | ${l.requestsPerSecond} | ${l.p50Ms} ms | ${l.p99Ms} ms | ${l.requests} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.degraded} | ${l.wholePages?.perSecond ?? '—'} | ${l.wholePages?.p50Ms ?? '—'} ms | ${l.wholePages?.p99Ms ?? '—'} ms |`;
    lines.push(
      `Measured ${loadReport.generatedAt} by \`${loadReport.command}\` with autocannon ${loadReport.autocannon}: ${loadReport.connections} connections for ${loadReport.durationSeconds} s each, GET ${loadReport.path} asking for brotli as a browser does. The load generator and the render server share this machine's ${loadReport.machine.cpus} cores. "Cached HTML" is the site as served (pages kept per set of remote versions); "forced renders" is the render server started with \`PAGE_CACHE=off\`, so every request is a render. Degraded: answers marked \`no-store\` (a part of the page missing, or the last good render served as a fallback); the last three columns count only the whole pages.`,
      '',
      '| case | requests/s | p50 | p99 | requests | errors | timeouts | non-2xx | degraded | whole pages/s | whole p50 | whole p99 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('cached HTML', loadReport.cached),
      row('forced renders', loadReport.forced),
      '',
    );
    for (const [name, l] of [
      ['cached HTML', loadReport.cached],
      ['forced renders', loadReport.forced],
    ]) {
      const share = l.requests ? l.degraded / l.requests : 0;
      if (share > 0.01)
        lines.push(
          `⚠️ ${name}: ${(share * 100).toFixed(1)}% of the answers were degraded, answered at once as fallbacks (the last good render, sent when the render server thinks a remote is down or a render fails): requests/s, p50 and p99 of that row mostly measure fallbacks; the whole-page columns measure ${name === 'cached HTML' ? 'cached pages' : 'renders'}.`,
          '',
        );
    }
    lines.push(
      `Target: p99 for cached HTML under ${targets.cachedP99Ms} ms: ${ok(loadReport.cached.p99Ms < targets.cachedP99Ms, `${loadReport.cached.p99Ms} ms`)}`,
    );
  } else {
    lines.push(
      'Not measured in this run (`--no-load`); `node tools/bench/bench.mjs --load` adds it.',
    );
  }

  /** @type {string[]} */
  const misses = [];
  for (const r of mobile) {
    const m = r.median;
    if (m.score < targets.score)
      misses.push(`${r.route}: performance ${m.score} (target ≥ ${targets.score})`);
    if (m.lcpMs > targets.lcpMs)
      misses.push(`${r.route}: LCP ${seconds(m.lcpMs)} (target ≤ ${lcpTarget})`);
    if (typeof r.lcpToFloor === 'number' && r.lcpToFloor > targets.lcpToFloor)
      misses.push(
        `${r.route}: LCP ${r.lcpToFloor.toFixed(2)}× the floor's ${seconds(floor?.median.lcpMs ?? 0)} (target ≤ ${targets.lcpToFloor}×)`,
      );
    if (m.tbtMs > targets.tbtMs)
      misses.push(`${r.route}: TBT ${m.tbtMs} ms (target ≤ ${targets.tbtMs} ms)`);
    if (m.cls > targets.cls) misses.push(`${r.route}: CLS ${m.cls} (target ≤ ${targets.cls})`);
    if (r.javascript.reactDomCopies !== 1)
      misses.push(`${r.route}: ${r.javascript.reactDomCopies} copies of react-dom (target 1)`);
    if (r.javascript.federationRuntimeCopies !== 1)
      misses.push(
        `${r.route}: ${r.javascript.federationRuntimeCopies} federation runtimes (target 1)`,
      );
  }
  const current = Object.entries(report.interaction?.routes ?? {}).flatMap(([route, byVariant]) =>
    /** @type {any} */ (byVariant)['this build']
      ? [[route, /** @type {any} */ (byVariant)['this build']]]
      : [],
  );
  for (const [route, v] of current) {
    if (v.tapsLostMax > targets.tapsLost)
      misses.push(`${route}: ${v.tapsLostMax} taps lost (target 0)`);
    if (v.firstTapAfterPaintMs === null || v.firstTapAfterPaintMs > targets.firstTapAfterPaintMs)
      misses.push(
        `${route}: first working tap ${v.firstTapAfterPaintMs ?? '—'} ms after Menu's paint (target ≤ ${targets.firstTapAfterPaintMs} ms)`,
      );
    if ((v.tbtCpuMs ?? Infinity) > targets.tbtCpuMs)
      misses.push(`${route}: CPU-time TBT ${v.tbtCpuMs} ms (target ≤ ${targets.tbtCpuMs} ms)`);
    if (v.longestTaskCpuMsMax > targets.longestTaskCpuMs)
      misses.push(
        `${route}: a task of ${v.longestTaskCpuMsMax} ms at 4x in the worst visit (target ≤ ${targets.longestTaskCpuMs} ms)`,
      );
    for (const [name, ms] of Object.entries(v.nextPaintMs))
      if (ms === null || Number(ms) > targets.nextPaintMs)
        misses.push(
          `${route}: next paint of ${name} ${ms ?? '—'} ms (target ≤ ${targets.nextPaintMs} ms)`,
        );
    const js = v.lighthouse?.javascriptGzipBytes;
    if (route === '/' && typeof js === 'number' && js / 1024 > targets.homeJavaScriptKB)
      misses.push(
        `/: ${(js / 1024).toFixed(1)} KB of JavaScript (gzip) (target ≤ ${targets.homeJavaScriptKB} KB)`,
      );
  }
  if (loadReport && !(loadReport.cached.p99Ms < targets.cachedP99Ms))
    misses.push(
      `render server: p99 ${loadReport.cached.p99Ms} ms for cached HTML under load (target < ${targets.cachedP99Ms} ms)`,
    );
  lines.push('', '## Missed targets', '');
  lines.push(...(misses.length ? misses.map((miss) => `- ${miss}`) : ['None.']));
  // What stands in the way is a judgement, written by hand beside the script.
  const analysis = path.join(paths.repoRoot, 'reports', 'analysis.md');
  if (fs.existsSync(analysis)) lines.push('', fs.readFileSync(analysis, 'utf8').trim());
  lines.push('');
  return `${lines.join('\n')}\n`;
}
