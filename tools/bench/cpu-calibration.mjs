// @ts-check
/**
 * One phone, whatever the host: CPU throttling slows the host down by a factor, so a fixed 4x
 * emulates a different phone on a quiet machine than on a busy one. Lighthouse measures the
 * host's speed as `benchmarkIndex` (a fixed loop of string building and array copying, run in
 * the page); its guidance is to pick the slowdown from it. A mid-tier phone scores about 450,
 * so the multiplier is benchmarkIndex / 450, at least 1 (a host slower than the phone is not
 * sped up). The index is noisy and follows the machine's load, so each throttled run takes its
 * multiplier from the median of `readingsPerRun` readings taken just before it.
 */
import { chromium } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import chromiumLib from '../browser/chromium.cjs';
import figures from './figures.cjs';

/** The benchmarkIndex of the emulated phone: Lighthouse's mid-tier mobile bracket. */
const phoneBenchmarkIndex = 450;
const readingsPerRun = 3;

/** The multiplier that makes a host of `benchmarkIndex` a mid-tier phone. @param {number} benchmarkIndex */
function multiplierFor(benchmarkIndex) {
  return Number(Math.max(1, benchmarkIndex / phoneBenchmarkIndex).toFixed(2));
}

/**
 * Reads the host's benchmarkIndex with Lighthouse's own page function, in a blank page of the
 * same Chromium (one browser kept for the whole bench).
 */
function calibrator() {
  /** @type {Promise<import('playwright-core').Browser> | null} */
  let browser = null;
  const open = () =>
    (browser ??= chromium.launch({
      executablePath: chromiumLib.executablePath,
      args: chromiumLib.chromiumFlags,
    }));
  return {
    /** Starts its browser now, if it has not yet. */
    async ready() {
      await open();
    },
    /** `readingsPerRun` readings now, their median and the multiplier for it. */
    async calibrate() {
      const page = await (await open()).newPage();
      try {
        /** @type {number[]} */
        const readings = [];
        for (let i = 0; i < readingsPerRun; i += 1)
          readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
        const index = Math.round(figures.median(readings));
        return { readings, index, cpuSlowdown: multiplierFor(index) };
      } finally {
        await page.close();
      }
    },
    async close() {
      const running = browser;
      browser = null;
      await (await running)?.close();
    },
  };
}

/** @typedef {Awaited<ReturnType<ReturnType<typeof calibrator>['calibrate']>>} Calibration */

/** The bench's one calibrator (closed when the bench shuts down). */
const hostCalibrator = calibrator();

export { calibrator, hostCalibrator, multiplierFor, phoneBenchmarkIndex };
