// @ts-check
const os = require('node:os');

/** The benchmark's targets and the arithmetic its figures share. */

/** What the report checks (mobile preset for the Lighthouse ones). */
const targets = {
  score: 98,
  lcpMs: 1200,
  tbtMs: 100,
  cls: 0.01,
  /** A route's mobile LCP over the floor page's, measured in the same bench run. */
  lcpToFloor: 1.2,
  /** TBT at most `tbtMs` in this share of the runs (every run: one slow run in five is a visitor in five). */
  tbtRunsShare: 1,
  /** p99 latency of GET / under load, pages served from the render server's cache. */
  cachedP99Ms: 100,
  /** Trace-based, 4x phone: taps lost, first working tap after Menu's paint, CPU-time TBT. */
  tapsLost: 0,
  firstTapAfterPaintMs: 300,
  tbtCpuMs: 60,
  longestTaskCpuMs: 50,
  nextPaintMs: 100,
  homeJavaScriptKB: 125,
};

/** The machine a run measured on, written beside its figures. */
const machine = { cpus: os.cpus().length, node: process.version };

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
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

module.exports = { targets, machine, median, percentile };
