// @ts-check
/**
 * The load test: autocannon against the render server, bounded (it stops by itself) and aimed
 * at this machine only. This module is also the worker thread that runs autocannon.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
// @ts-expect-error -- autocannon ships no types (@types/autocannon describes v7): see Autocannon below.
import autocannonUntyped from 'autocannon';
import figures from './figures.cjs';
import floorPage from './floor-page.cjs';

const { machine, percentile } = figures;

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

/** The load test: bounded (it stops by itself) and aimed at this machine only. */
const load = { connections: 50, durationSeconds: 20, path: '/' };

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

/**
 * @typedef {object} Sites the benchmark's site, served on demand
 * @property {(renderEnv?: Record<string, string>) => Promise<Awaited<ReturnType<typeof import('../stack/stack.cjs').serveSite>>>} open the site
 *   (the one already running, if any, when `renderEnv` is not given)
 * @property {() => Promise<void>} close
 */

/**
 * Load-tests the site as served (pages from the render server's cache), then with the page
 * cache off, where every request is a render.
 * @param {Sites} sites
 * @param {string[]} args the flags the run was asked for with
 */
async function measureLoad(sites, args) {
  /** One request before the load, which also tells whether the page renders whole. */
  const warmUp = async (/** @type {string} */ siteUrl) => {
    const page = await floorPage.get(new URL(load.path, siteUrl).toString());
    if (page.status !== 200 || page.cacheControl.includes('no-store'))
      console.warn(`Warm-up of ${load.path}: HTTP ${page.status}, ${page.cacheControl}`);
  };
  let site = await sites.open();
  await warmUp(site.url);
  const cached = await loadTest(site.url, 'cached HTML');
  await sites.close();
  // The same site with the render server's page cache off: every request is a render.
  site = await sites.open({ PAGE_CACHE: 'off' });
  await warmUp(site.url);
  const forced = await loadTest(site.url, 'forced renders');
  return {
    generatedAt: new Date().toISOString(),
    args,
    machine,
    autocannon: (await import('autocannon/package.json', { with: { type: 'json' } })).default
      .version,
    ...load,
    cached,
    forced,
  };
}

// In the worker thread started by loadTest: run autocannon and hand back its summary.
if (!isMainThread && workerData?.loadTestUrl)
  parentPort?.postMessage(await runAutocannon(workerData.loadTestUrl));

export { measureLoad };
