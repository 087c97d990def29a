// @ts-check
/**
 * Lighthouse runs (Debian's Chromium, each in a fresh profile) and the JavaScript a run
 * fetched, weighed from the files it was served from.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import chromium from '../browser/chromium.cjs';
import paths from '../stack/paths.cjs';
import weight from './javascript-weight.cjs';
import figures from './figures.cjs';
import { hostCalibrator } from './cpu-calibration.mjs';
import { TraceWithoutSources } from './trace-without-sources.mjs';
import interactionTrace from './interaction-trace.cjs';

const { median } = figures;

/**
 * The Lighthouse profiles: `mobile` is the phone calibrated to this host (its CPU multiplier from
 * benchmarkIndex readings taken just before the run, its trace without the categories only
 * DevTools reads), `mobile-4x` Lighthouse's default mobile preset as anyone runs it (a fixed 4x,
 * whatever the host), `desktop` its desktop preset.
 * @typedef {'mobile' | 'mobile-4x' | 'desktop'} Preset
 */

/**
 * The configuration of a run of `preset`, and the calibration it was made with.
 * @param {Preset} preset
 */
async function configFor(preset) {
  if (preset === 'desktop') return { config: desktopConfig, calibration: null };
  if (preset === 'mobile-4x') return { config: undefined, calibration: null };
  const calibration = await hostCalibrator.calibrate();
  return {
    config: {
      extends: 'lighthouse:default',
      artifacts: [{ id: 'Trace', gatherer: TraceWithoutSources }],
      settings: {
        throttling: {
          ...lighthouseConstants.throttling.mobileSlow4G,
          cpuSlowdownMultiplier: calibration.cpuSlowdown,
        },
      },
    },
    calibration,
  };
}

/**
 * The file a request was served from, so its bytes can be weighed as the budget test does.
 * @param {string} url
 * @param {Map<string, string>} appByPort
 */
function servedFile(url, appByPort) {
  const { port, pathname } = new URL(url);
  const app = appByPort.get(port);
  if (!app) return null;
  const file = path.join(paths.distOf(app), decodeURIComponent(pathname));
  return fs.existsSync(file) ? file : null;
}

/**
 * One Lighthouse run in a fresh browser profile (a first-time visitor's cold cache).
 * @param {string} url
 * @param {Preset} preset
 */
async function measure(url, preset) {
  const { config, calibration } = await configFor(preset);
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: chromium.chromiumFlags,
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const cpuSlowdown = lhr.configSettings.throttling.cpuSlowdownMultiplier;
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
      // The host's speed as this run measured it, and the CPU multiplier the run used (with the
      // readings it was chosen from, for the calibrated phone).
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      // The observed trace the simulation starts from: its main thread after FCP, by the clock
      // and in CPU time.
      mainThread: interactionTrace.mainThreadAfterFirstPaint(
        /** @type {any} */ (result.artifacts).Trace?.traceEvents ?? [],
        cpuSlowdown ?? 1,
      ),
      cpuSlowdown,
      calibration,
    };
  } finally {
    await chrome.kill();
  }
}

/** @typedef {Awaited<ReturnType<typeof measure>>} Sample */

/**
 * `runs` cold Lighthouse runs of one page and their medians.
 * @param {string} url
 * @param {Preset} preset
 * @param {string} label
 * @param {number} runs
 */
async function measureRuns(url, preset, label, runs) {
  /** @type {Sample[]} */
  const samples = [];
  /** @type {number[]} */
  const loadAverages = [];
  for (let run = 1; run <= runs; run += 1) {
    process.stdout.write(`Lighthouse ${preset} ${label} run ${run}/${runs}… `);
    const sample = await measure(url, preset);
    console.log(
      `score ${sample.score}, LCP ${sample.lcpMs} ms, TBT ${sample.tbtMs} ms, benchmarkIndex ${sample.benchmarkIndex}, CPU ${sample.cpuSlowdown}x`,
    );
    samples.push(sample);
    // The machine's 1-minute load average when the run ended: a busy machine slows Lighthouse's
    // observed trace, so a run's TBT is read beside it.
    loadAverages.push(Number((os.loadavg()[0] ?? 0).toFixed(2)));
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
    samples: samples.map(({ requests, ...rest }, index) => ({
      ...rest,
      requestCount: requests.length,
      loadAverage: loadAverages[index],
    })),
    lcpElement: last.lcpElement,
    last,
  };
}

/**
 * @param {Sample['requests']} requests
 * @param {ReturnType<typeof import('../stack/stack.cjs').portsFrom>} ports
 */
function javascriptOf(requests, ports) {
  const appByPort = new Map(Object.entries(ports).map(([id, port]) => [String(port), id]));
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ request, file: servedFile(request.url, appByPort) }))
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

/** Where each variant's files are, to weigh the JavaScript a Lighthouse run fetched. */
/** @type {Map<string, { dir: string | undefined; ports: ReturnType<typeof import('../stack/stack.cjs').portsFrom> }>} */
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

export { measure, measureRuns, javascriptOf, javascriptOfVariant, variantFiles };
