// @ts-check
/**
 * The trace-based measures of interaction from the first paint (interaction-trace.cjs), of
 * this build and, to compare, of an earlier one or of this one with its client started later.
 */
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import paths from '../stack/paths.cjs';
import stack from '../stack/stack.cjs';
import figures from './figures.cjs';
import floorPage from './floor-page.cjs';
import interactionTrace from './interaction-trace.cjs';
import { measure, javascriptOfVariant, variantFiles } from './lighthouse-runs.mjs';
import { hostCalibrator } from './cpu-calibration.mjs';
import { onOwnCore } from './page-core.cjs';

/** @typedef {import('./lighthouse-runs.mjs').Sample} Sample */

const { machine, median } = figures;
const { get } = floorPage;

/**
 * Serves the build in `dir` (a FIRSTDAY_DIST folder) as `npm start` would, in a process of its
 * own (paths are read from the environment), on ports `base`..`base + 3`.
 * @param {string} dir
 * @param {number} base
 */
async function serveBuildAt(dir, base) {
  const lib = (/** @type {string} */ file) =>
    `require(${JSON.stringify(path.join(paths.repoRoot, 'tools', file))})`;
  // Stopped by a signal, the process stops the site's servers first, so none keeps its port.
  const code = `const p = ${lib('processes/processes.cjs')}, st = ${lib('stack/stack.cjs')}; p.stopOnSignals(); st.serveSite({ ports: st.portsFrom(${base}) }).then((s) => { p.onShutdown(() => s.close()); console.log('SERVING ' + s.url); })`;
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
 * The long-task visit of `url` (interaction-trace.cjs) on the phone calibrated to the host, as
 * Lighthouse's `mobile` runs are, with the page's main thread on a core of its own and the
 * calibration taken on that core (page-core.cjs).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {boolean} [hydrates] false for the floor page, which has no script
 */
async function calibratedLongTaskVisit(browser, url, hydrates = true) {
  // Its browser started first: the page core holds only the browsers running when it starts.
  await hostCalibrator.ready();
  const { result, pageCore } = await onOwnCore(async () => {
    const calibration = await hostCalibrator.calibrate();
    const longTasks = await interactionTrace.longTasksOfVisit(browser, url, {
      cpuSlowdown: calibration.cpuSlowdown,
      hydrates,
    });
    return { ...longTasks, calibration };
  });
  return { ...result, pageCore };
}

/**
 * The trace-based measures per route, 5 cold visits each, and with an earlier build the same
 * visits of it interleaved (this build, then that one, visit for visit), plus Lighthouse's
 * mobile figures of both, interleaved the same way.
 * @param {Array<{ label: string; url: string; search?: string }>} variants
 * @param {import('./options.cjs').BenchOptions} options
 * @param {string | null} floorUrl the floor page, when it is served
 */
async function interactionBench(variants, { routes, runs, traceRuns, args }, floorUrl) {
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
  /** @type {any[]} */
  const floorVisits = [];
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
              sample = await interactionTrace.measureVisit(browser, at(route, variant), {
                longTaskVisit: (url) => calibratedLongTaskVisit(browser, url),
              });
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
            console.log(
              `Lighthouse ${label} ${route} ${run}/${runs}: LCP ${sample.lcpMs} ms, TBT ${sample.tbtMs} ms`,
            );
            lighthouseRuns[route]?.[label]?.push(sample);
          }
        }
    }
    // The floor page (no script at all) visited the same way: its long tasks are the page's
    // own style, layout and paint on this host, beside which the routes' are read.
    if (floorUrl)
      for (let run = 1; run <= traceRuns; run += 1) {
        const longTasks = await calibratedLongTaskVisit(browser, floorUrl, false);
        console.log(`Trace floor ${run}/${traceRuns}: ${JSON.stringify(longTasks)}`);
        floorVisits.push(longTasks);
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
    args,
    machine,
    loadAverage: { before: loadBefore, after: os.loadavg() },
    runs: traceRuns,
    variants: variants.map((v) => v.label),
    floorLongTasks: floorVisits,
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
                longTasks: {
                  cpuSlowdown: samples.map((s) => s.longTasks?.cpuSlowdown ?? null),
                  pageCore: samples.map((s) => s.longTasks?.pageCore ?? null),
                  durationsMs: samples.map((s) => s.longTasks?.durationsMs ?? []),
                  count: med(samples.map((s) => s.longTasks?.count ?? null)),
                  countMax: Math.max(...samples.map((s) => s.longTasks?.count ?? 0)),
                  excessMs: med(samples.map((s) => s.longTasks?.excessMs ?? null)),
                  excessMsMax: Math.max(...samples.map((s) => s.longTasks?.excessMs ?? 0)),
                  longestMs: med(samples.map((s) => s.longTasks?.longestMs ?? null)),
                  longestMsMax: Math.max(...samples.map((s) => s.longTasks?.longestMs ?? 0)),
                  scripts: samples.map((s) => s.longTasks?.scripts ?? []),
                  withScriptsVisits: samples.filter((s) => s.longTasks?.withScriptsCount).length,
                  withScriptsLongestMsMax: Math.max(
                    ...samples.map((s) => s.longTasks?.withScriptsLongestMs ?? 0),
                  ),
                },
                nextPaintMs: Object.fromEntries(
                  names.map((name) => [name, med(samples.map((s) => s.nextPaintMs[name] ?? null))]),
                ),
                lighthouse: lh.length
                  ? {
                      runs: lh.length,
                      score: median(lh.map((s) => s.score)),
                      lcpMs: median(lh.map((s) => s.lcpMs)),
                      tbtMs: median(lh.map((s) => s.tbtMs)),
                      // Each run's too: an A/B of a few runs is read by its spread, not its median.
                      lcpRunsMs: lh.map((s) => s.lcpMs),
                      tbtRunsMs: lh.map((s) => s.tbtMs),
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

/**
 * Measures the variants asked for: this build, with each --client-start, and the --before build.
 * @param {import('./load-run.mjs').Sites} sites
 * @param {import('./options.cjs').BenchOptions} options
 * @param {(stop: () => void | Promise<void>) => void} onShutdown
 * @returns {Promise<Record<string, unknown>>} the report's section, by its name
 */
async function measureInteraction(sites, options, onShutdown) {
  const { beforeDir, base, clientStarts, ports, routes } = options;
  const site = await sites.open();
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
  const floor = await floorPage.serveFloor(site);
  if (floor.problem) console.warn(`Floor page ${floor.problem}`);
  const floorUrl = floor.problem ? null : new URL(floorPage.floorPath, site.url).toString();
  try {
    // The choices of start are a study of their own: they keep the before/after section.
    return {
      [clientStarts.length ? 'clientStart' : 'interaction']: await interactionBench(
        variants,
        options,
        floorUrl,
      ),
    };
  } finally {
    await before?.close();
    before = null;
  }
}

export { measureInteraction };
