// @ts-check
/**
 * `npm run bench`: builds for production, serves the composed site as `npm start` does (the
 * shell through its render server), runs Lighthouse (Debian's Chromium) on /, /about and
 * /contact three times each in three profiles: a mid-tier phone whose CPU multiplier is
 * calibrated to this host before every run (max(1, benchmarkIndex / 450), cpu-calibration.mjs),
 * Lighthouse's fixed 4x mobile preset, and desktop, measures a floor page (the home page's
 * hero headline alone, as static HTML on the same server) the same way, load-tests the render
 * server with autocannon (cached pages, then every request a render), and writes
 * reports/bench.json and reports/bench.md with the medians and, per route, the JavaScript each
 * app and shared library costs.
 *
 *   npm run bench -- [--no-build] [--runs N] [--routes /,/about] [--presets mobile]
 *                          [--no-load | --load] [--no-taps | --taps] [--before DIR]
 *
 * --no-load skips the load test; --load runs only the load test and puts its results into the
 * existing reports/bench.json (the Lighthouse results there are kept, with their own date).
 * The trace-based measures of interaction from the first paint (tools/bench/interaction-trace.cjs,
 * 5 cold visits per route) run too unless --no-taps; --taps runs only them (and keeps the rest).
 * BENCH_PORT_BASE sets the site's ports (4 from it; --before's build is served 100 above it).
 * --before DIR also serves an earlier build (a FIRSTDAY_DIST folder: DIR/<app>, DIR/shell-server)
 * and measures it interleaved with this one, visit for visit, Lighthouse's mobile figures too.
 * --client-start load,paint,screen,intent measures, the same way, this build with its client
 * started only at each of those moments (the page's loader honours ?client-start=).
 * --render only writes reports/bench.md again from reports/bench.json and reports/analysis.md.
 * --help prints the flags.
 *
 * The parts: options.cjs (flags), site-lighthouse.mjs and lighthouse-runs.mjs (Lighthouse and
 * the floor page), interaction-bench.mjs (traces), load-run.mjs (autocannon), report*.cjs.
 */
import fs from 'node:fs';
import { runCli } from '../cli/cli.cjs';
import processes from '../processes/processes.cjs';
import stack from '../stack/stack.cjs';
import figures from './figures.cjs';
import floorPage from './floor-page.cjs';
import options from './options.cjs';
import report from './report.cjs';
import { measureInteraction } from './interaction-bench.mjs';
import { measureLoad } from './load-run.mjs';
import { measureSite } from './site-lighthouse.mjs';
import { hostCalibrator } from './cpu-calibration.mjs';

/** @param {import('./options.cjs').BenchOptions} bench */
async function main(bench) {
  const { onShutdown, shutdown, stopOnSignals } = processes;
  const { loadOnly, tapsOnly, ports } = bench;
  stopOnSignals();
  // Registered first, so it runs last: after the site has stopped, also on failure or Ctrl-C.
  onShutdown(() => fs.rmSync(floorPage.floorFile, { force: true }));
  /** @type {Awaited<ReturnType<typeof stack.serveSite>> | null} */
  let site = null;
  async function closeSite() {
    const running = site;
    site = null;
    await running?.close();
  }
  onShutdown(closeSite);
  onShutdown(() => hostCalibrator.close());
  /** @type {import('./load-run.mjs').Sites} */
  const sites = {
    open: async (renderEnv) =>
      (site ??= await stack.serveSite(renderEnv ? { ports, renderEnv } : { ports })),
    close: closeSite,
  };
  try {
    if (loadOnly && bench.noLoad) throw new Error('--load and --no-load exclude each other');
    if (bench.build) await stack.buildApps();

    const previous = report.previousReport();
    /** @type {any} */
    let results;
    if (loadOnly || tapsOnly) {
      // Only the load test (or the trace measures): the other results stay as they were.
      results = previous ?? {
        generatedAt: null,
        args: [],
        machine: figures.machine,
        lighthouse: null,
        results: [],
        floor: null,
      };
    } else {
      results = await measureSite(sites, bench);
      // The trace-based sections are kept from the last run that measured them (they carry
      // their own date), unless this run measures them again.
      if (previous) {
        const { interaction, clientStart } = previous;
        Object.assign(results, { interaction, clientStart });
      }
    }
    results.targets = figures.targets;

    if (bench.withTaps && !loadOnly)
      Object.assign(results, await measureInteraction(sites, bench, onShutdown));

    if (bench.withLoad && !tapsOnly) results.load = await measureLoad(sites, bench.args);
    else if (!tapsOnly) results.load = null;
    await closeSite();

    report.writeReport(results);
    console.log(`\nWrote reports/bench.md and reports/bench.json`);
    await shutdown(0);
  } catch (error) {
    console.error(error);
    await shutdown(1);
  }
}

await runCli(async () => {
  const bench = options.parseBenchOptions(process.argv.slice(2));
  if (bench.help) console.log(options.usage);
  // Only writes reports/bench.md again from reports/bench.json (after editing analysis.md).
  else if (bench.render) report.renderAgain();
  else await main(bench);
});
