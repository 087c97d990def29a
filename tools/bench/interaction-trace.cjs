// @ts-check
/* global window, document, getComputedStyle, MutationObserver, location -- these run inside the measured page (page.evaluate) */
/**
 * Trace-based measures of how soon a page answers a visitor, on a phone profile (390 x 844,
 * touch, 4x CPU, 150 ms RTT, 1.6 Mbps) in Debian's Chromium: when Menu is painted, the first
 * moment a tap on it takes effect when tapped every 300 ms from then, how many taps were lost,
 * and the time to next paint (Event Timing) of a few interactions, all at 4x CPU; and, from a
 * Chrome trace of a second visit with the CPU at full speed (same network), the main thread's
 * tasks after the first paint by CPU time. Thread CPU time does not grow when other processes
 * compete for the cores, so 4 x CPU time is the task's length on the phone even on a busy
 * machine. (Under CDP's CPU throttling the thread's CPU time includes some of the throttling
 * itself, measured here as anywhere from 1x to 4.5x: not a sound base for 4 x CPU time.)
 */
const { setTimeout: delay } = require('node:timers/promises');
const { chromium } = require('playwright-core');
const chromiumLib = require('../browser/chromium.cjs');
const { phone, openThrottledPhonePage } = require('../browser/phone-profile.cjs');

/** A task longer than this (on the phone) blocks input, as Total Blocking Time counts it. */
const blockingMs = 50;
const tapEveryMs = 300;
const maxTaps = 40;

/** Records Event Timing entries (input to next paint) from the start of the page, and when the
 * app has hydrated (it marks the root element). */
function observeEventTiming() {
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-client-ready')) return;
    Object.assign(window, { __hydratedAt: performance.now() });
    observer.disconnect();
    // The document itself: at this point the root element may not exist yet.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-client-ready'] });
  /** @type {Array<{ name: string; id: number; duration: number }>} */
  const entries = [];
  Object.assign(window, { __eventTiming: entries });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {Array<PerformanceEventTiming & { interactionId?: number }>} */ (
      list.getEntries()
    ))
      if (entry.interactionId)
        entries.push({ name: entry.name, id: entry.interactionId, duration: entry.duration });
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16 }));
}

/**
 * @typedef {{ name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; id?: string; args?: any }} TraceEvent
 */

/**
 * A trace's first contentful paint: its thread is the page's main thread.
 * @param {TraceEvent[]} events
 */
function firstContentfulPaint(events) {
  return events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
}

/**
 * Tasks in time order, without those run inside an earlier one (a task can nest another).
 * @template {TraceEvent} T
 * @param {T[]} tasks
 */
function outermost(tasks) {
  let end = -Infinity;
  return [...tasks]
    .sort((a, b) => a.ts - b.ts)
    .filter((task) => {
      if (task.ts < end) return false;
      end = task.ts + (task.dur ?? 0);
      return true;
    });
}

/**
 * The tasks of the page's main thread (the first contentful paint's) from that paint on, nested
 * ones included.
 * @param {TraceEvent[]} events
 * @param {TraceEvent} fcp
 */
function mainThreadTasksAfter(events, fcp) {
  return events.filter(
    (e) =>
      e.ph === 'X' &&
      e.pid === fcp.pid &&
      e.tid === fcp.tid &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ts >= fcp.ts,
  );
}

/** Total Blocking Time of tasks of these lengths (ms), rounded. @param {number[]} lengthsMs */
const blockingTimeOf = (lengthsMs) =>
  Math.round(lengthsMs.reduce((sum, ms) => sum + Math.max(0, ms - blockingMs), 0));

/**
 * How long the page's main thread ran top-level tasks after the first contentful paint, by the
 * clock (what Lighthouse's simulation multiplies) and in the thread's CPU time (what the page
 * itself made it do). Far apart, the thread was off its core inside its tasks: waiting for
 * another thread or for a core, which the host decides, not the page. `cpuBlockingMs` is the
 * blocking time those tasks would add up to at `cpuSlowdown` if each lasted its CPU time, and
 * `longest` the longest task by the clock, with its CPU time.
 * @param {TraceEvent[]} events
 * @param {number} cpuSlowdown
 */
function mainThreadAfterFirstPaint(events, cpuSlowdown) {
  const fcp = firstContentfulPaint(events);
  if (!fcp) return null;
  const tasks = outermost(mainThreadTasksAfter(events, fcp));
  const clockOf = (/** @type {TraceEvent} */ e) => (e.dur ?? 0) / 1000;
  const cpuOf = (/** @type {TraceEvent} */ e) => (e.tdur ?? e.dur ?? 0) / 1000;
  const sum = (/** @type {(e: TraceEvent) => number} */ of) =>
    Math.round(tasks.reduce((total, e) => total + of(e), 0));
  const longest = tasks.reduce(
    (/** @type {TraceEvent | null} */ a, e) => (a && clockOf(a) >= clockOf(e) ? a : e),
    null,
  );
  return {
    wallMs: sum(clockOf),
    cpuMs: sum(cpuOf),
    cpuBlockingMs: blockingTimeOf(tasks.map((e) => cpuOf(e) * cpuSlowdown)),
    longest: longest
      ? { wallMs: Number(clockOf(longest).toFixed(1)), cpuMs: Number(cpuOf(longest).toFixed(1)) }
      : null,
  };
}

/**
 * The main thread's top-level tasks after the first contentful paint, from a Chrome trace.
 * @param {Buffer} trace
 */
function tasksAfterFirstPaint(trace) {
  /** @type {TraceEvent[]} */
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const fcp = firstContentfulPaint(events);
  if (!fcp) return null;
  const tasks = mainThreadTasksAfter(events, fcp).filter((e) => typeof e.tdur === 'number');
  const onPhone = outermost(tasks).map((task) => ((task.tdur ?? 0) / 1000) * phone.cpuSlowdown);
  return {
    tbtCpuMs: blockingTimeOf(onPhone),
    longestTaskCpuMs: Math.round(Math.max(0, ...onPhone)),
  };
}

/**
 * @typedef {object} InteractionSample
 * @property {number} menuPaintedMs first contentful paint (Menu is in the first paint)
 * @property {number | null} firstWorkingTapMs when the tap that opened the overlay was made
 * @property {number} tapsLost taps before that one that did nothing
 * @property {number | null} hydratedMs when the app had hydrated (the page is ready)
 * @property {number | null} tbtCpuMs
 * @property {number | null} longestTaskCpuMs
 * @property {Record<string, number | null>} nextPaintMs time to next paint per interaction
 * @property {LongTasks} longTasks a further cold visit's long tasks, as the page saw them
 */

/**
 * Cold visits of `url` (a fresh context each), measured as described above: the taps and
 * interactions, the CPU of a traced visit, then the long-task visit `longTaskVisit` makes of it
 * (the phone calibrated to the host). Each visit's page is closed before the next opens: left
 * open, it went on running (the hero's loop, throttled) beside the next one, 80 % of a core.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ longTaskVisit: (url: string) => Promise<LongTasks> }} options
 * @returns {Promise<InteractionSample>}
 */
async function measureVisit(browser, url, { longTaskVisit }) {
  const taps = await tapVisit(browser, url);
  const tasks = await cpuOfVisit(browser, url);
  const longTasks = await longTaskVisit(url);
  return {
    ...taps,
    longTasks,
    tbtCpuMs: tasks?.tbtCpuMs ?? null,
    longestTaskCpuMs: tasks?.longestTaskCpuMs ?? null,
  };
}

/**
 * A cold visit of `url` on the phone profile: Menu tapped from its first paint, then the
 * interactions' next paints.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function tapVisit(browser, url) {
  const { context, page } = await openThrottledPhonePage(browser);
  await page.addInitScript(observeEventTiming);
  const toggle = page.getByRole('button', { name: /^(Menu|Close)$/ });
  const overlayOpen = () =>
    page.evaluate(() => {
      const overlay = document.getElementById('site-menu');
      return !!overlay && getComputedStyle(overlay).display !== 'none';
    });
  /** @param {import('playwright-core').Locator} control */
  const tap = async (control) => {
    const box = await control.boundingBox();
    if (!box) throw new Error(`${url}: a control to tap is not on screen`);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };
  /** The slowest input-to-next-paint of the interactions since `mark`. */
  const nextPaintSince = (/** @type {number} */ mark) =>
    page.evaluate((from) => {
      const entries = /** @type {{ __eventTiming: Array<{ duration: number }> }} */ (
        /** @type {unknown} */ (window)
      ).__eventTiming.slice(from);
      return entries.length ? Math.max(...entries.map((e) => e.duration)) : 0;
    }, mark);
  const eventCount = () =>
    page.evaluate(
      () =>
        /** @type {{ __eventTiming: unknown[] }} */ (/** @type {unknown} */ (window)).__eventTiming
          .length,
    );

  try {
    await page.goto(url, { waitUntil: 'commit' });
    await toggle.waitFor({ state: 'visible', timeout: 30_000 });
    /** @type {number | null} */
    let firstWorkingTapMs = null;
    let tapsLost = 0;
    for (let taps = 0; taps < maxTaps && firstWorkingTapMs === null; taps += 1) {
      const at = await page.evaluate(() => performance.now());
      await tap(toggle);
      const deadline = Date.now() + tapEveryMs;
      while (Date.now() < deadline) {
        if (await overlayOpen()) {
          firstWorkingTapMs = Math.round(at);
          break;
        }
        await page.waitForTimeout(20);
      }
      if (firstWorkingTapMs === null) tapsLost += 1;
    }
    const menuPaintedMs = Math.round(
      await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      ),
    );
    await page.waitForSelector('html[data-client-ready]', { state: 'attached', timeout: 30_000 });
    const hydratedAt = await page.evaluate(
      () => /** @type {{ __hydratedAt?: number }} */ (/** @type {unknown} */ (window)).__hydratedAt,
    );
    if (await overlayOpen()) {
      await tap(toggle);
      await page.waitForFunction(() => !document.getElementById('site-menu')?.matches(':hover'));
    }
    await page.waitForTimeout(1000);

    /** @type {Record<string, number | null>} */
    const nextPaintMs = {};
    const interaction = async (
      /** @type {string} */ name,
      /** @type {() => Promise<void>} */ act,
    ) => {
      try {
        const mark = await eventCount();
        await act();
        await page.waitForTimeout(400);
        nextPaintMs[name] = Math.round(await nextPaintSince(mark));
      } catch (error) {
        console.warn(`${url}: ${name} not measured: ${/** @type {Error} */ (error).message}`);
        nextPaintMs[name] = null;
      }
    };
    await interaction('open Menu', async () => {
      await tap(toggle);
      await page.getByRole('dialog').waitFor();
    });
    await tap(toggle);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    if (new URL(url).pathname === '/') {
      const music = page.locator('[data-tap="music"], button[aria-pressed]').first();
      await interaction('toggle music', () => tap(music));
      await tap(music);
      const tileLink = page.locator('article a[target="_blank"]').first();
      await tileLink.focus();
      await page.keyboard.press('Shift+Tab');
      await interaction('focus a tile', () => page.keyboard.press('Tab'));
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await tap(toggle);
    await page.getByRole('dialog').waitFor();
    await interaction('go to /contact', async () => {
      await tap(page.getByRole('dialog').getByRole('link', { name: 'Contact Us' }));
      await page.waitForURL(/\/contact$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    return {
      menuPaintedMs,
      firstWorkingTapMs,
      tapsLost,
      hydratedMs: hydratedAt === undefined ? null : Math.round(hydratedAt),
      nextPaintMs,
    };
  } finally {
    await context.close();
  }
}

/**
 * A cold visit on the phone profile, traced (`categories`) from the navigation until `settleMs`
 * after the app has hydrated, the page read only through `plainReader`. Returns the trace.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ cpu: boolean; categories: string[]; settleMs: number }} options
 */
async function tracedVisit(browser, url, { cpu, categories, settleMs }) {
  const { context, page } = await openThrottledPhonePage(browser, { cpu });
  try {
    const { untilHydrated } = await plainReader(context, page);
    await browser.startTracing(page, { categories });
    await page.goto(url, { waitUntil: 'commit' });
    await untilHydrated();
    await delay(settleMs);
    return await browser.stopTracing();
  } finally {
    await context.close();
  }
}

/**
 * A cold visit with the CPU at full speed, traced until a second after the app has hydrated:
 * its tasks after the first paint.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function cpuOfVisit(browser, url) {
  return tasksAfterFirstPaint(
    await tracedVisit(browser, url, {
      cpu: false,
      categories: timelineCategories,
      settleMs: 1000,
    }),
  );
}

/** The trace categories of the main thread's tasks and what runs in them. */
const timelineCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'loading',
];

/**
 * Reads a page through the DevTools protocol's plain evaluation only: Playwright's own waits
 * install its selector engine in the page, a task of 100-150 ms at 4x that no visitor's page
 * runs and that the Long Tasks API would count as the page's.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 */
async function plainReader(context, page) {
  const cdp = await context.newCDPSession(page);
  /** @param {string} expression */
  const read = async (expression) =>
    (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  return {
    read,
    /** Waits until the app has hydrated (it marks the root element), at most 30 s. */
    async untilHydrated() {
      const deadline = Date.now() + 30_000;
      while (!(await read("document.documentElement.hasAttribute('data-client-ready')"))) {
        if (Date.now() > deadline) throw new Error(`${page.url()} did not hydrate within 30 s`);
        await delay(100);
      }
    },
  };
}

/**
 * A cold visit at `cpuSlowdown` with no input, as the page itself sees it: the Long Tasks API's
 * entries (wall-clock, so a busy machine lengthens them) after the first contentful paint, until
 * 3 s after the app has hydrated (when the web-vitals code and the warm-up of other pages have
 * run), or for a page without scripts (`hydrates: false`, the floor) 3 s after its load event,
 * read through `plainReader`.
 * Each task is named by the scripts that ran in it, from the Long Animation Frames API (every
 * script entry point of 5 ms or more in a frame over 50 ms: its file and function): a task
 * with none is the page's style, layout and paint, as the floor page's are, and what it asks of
 * the phone is then the browser's rendering, not the page's start-up.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ cpuSlowdown: number; hydrates?: boolean }} options
 * @returns {Promise<LongTasks>}
 */
async function longTasksOfVisit(browser, url, { cpuSlowdown, hydrates = true }) {
  const { context, page } = await openThrottledPhonePage(browser, { cpuSlowdown });
  try {
    await page.addInitScript(() => {
      /** @type {Array<[number, number]>} */
      const tasks = [];
      /** @type {Array<[number, number, string]>} */
      const scripts = [];
      Object.assign(window, { __longTasks: tasks, __longTaskScripts: scripts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const frame of /** @type {Array<PerformanceEntry & { scripts: any[] }>} */ (
          list.getEntries()
        ))
          for (const script of frame.scripts) {
            // No source: a native function called back, such as a promise's resolve handed to
            // setTimeout (a start-up step resuming in a task of its own).
            const file = !script.sourceURL
              ? 'native callback'
              : script.sourceURL === location.href
                ? "the page's inline script"
                : String(script.sourceURL).split('/').pop();
            const where = `${file}${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''}`;
            scripts.push([script.startTime, script.duration, `${where} (${script.invokerType})`]);
          }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const { read, untilHydrated } = await plainReader(context, page);
    await page.goto(url, { waitUntil: hydrates ? 'commit' : 'load' });
    if (hydrates) await untilHydrated();
    await delay(3000);
    /** @type {{ fcp: number; tasks: Array<[number, number]>; scripts: Array<[number, number, string]> }} */
    const { fcp, tasks, scripts } = await read(
      "({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, tasks: window.__longTasks, scripts: window.__longTaskScripts })",
    );
    const after = tasks.filter(([start, duration]) => start + duration > fcp);
    // A script entry starts inside the task that ran it (the two clocks agree within a
    // millisecond).
    const scriptsIn = (/** @type {[number, number]} */ [start, duration]) =>
      scripts
        .filter(([at]) => at >= start - 1 && at <= start + duration)
        .map(([, ms, what]) => `${what} ${Math.round(ms)} ms`);
    const durationsMs = after.map(([, d]) => Math.round(d));
    const ranScripts = after.map(scriptsIn);
    const withScripts = durationsMs.filter((_, i) => ranScripts[i]?.length);
    return {
      count: after.length,
      excessMs: Math.round(after.reduce((sum, [, d]) => sum + Math.max(0, d - blockingMs), 0)),
      longestMs: Math.round(Math.max(0, ...durationsMs)),
      durationsMs,
      scripts: ranScripts,
      withScriptsCount: withScripts.length,
      withScriptsLongestMs: Math.max(0, ...withScripts),
      cpuSlowdown,
    };
  } finally {
    await context.close();
  }
}

/**
 * @typedef {object} LongTasks
 * @property {number} count long tasks (over 50 ms) after the first contentful paint
 * @property {number} excessMs the sum of (duration - 50 ms) over them
 * @property {number} longestMs the longest of them
 * @property {number[]} durationsMs each of them
 * @property {string[][]} scripts the scripts that ran in each of them (file, function, how it
 *   was called, its time), none for a task of style, layout and paint alone
 * @property {number} withScriptsCount the long tasks that ran the page's scripts
 * @property {number} withScriptsLongestMs the longest of those, 0 for none
 * @property {number} cpuSlowdown the CPU multiplier of the visit
 * @property {import('./cpu-calibration.mjs').Calibration} [calibration] the readings it came from
 * @property {number | null} [pageCore] the core the page's main thread had to itself
 *   (page-core.cjs), null where it shared the host's cores
 */

/** Chromium for the measures (one browser, a fresh context per visit). */
function launchForTraces() {
  return chromium.launch({
    executablePath: chromiumLib.executablePath,
    args: chromiumLib.chromiumFlags,
  });
}

module.exports = {
  mainThreadAfterFirstPaint,
  measureVisit,
  longTasksOfVisit,
  launchForTraces,
  tracedVisit,
  timelineCategories,
  blockingMs,
  firstContentfulPaint,
  outermost,
};
