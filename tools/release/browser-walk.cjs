// @ts-check
/**
 * promote's walk of a candidate set in a real browser: a throwaway render server (the shell's
 * own, on a free port of this machine) composes the set, and headless Chromium opens every
 * server-rendered route at a phone's and a desktop's size as a visitor would, then walks the
 * site by its menu. What the server's render cannot show is found here: an error thrown after
 * hydration, a chunk that does not load, a hydration mismatch, a menu that does not open.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { withoutSecret } = require('../stack/render-server.cjs');
const readline = require('node:readline');
const { executablePath, chromiumFlags } = require('../browser/chromium.cjs');
const { loadDeadlineMs, workerStartDeadlineMs } = require('../../platform/deadlines.cjs');
const { routes } = require('../../platform/routes/routes.cjs');

/** A phone's and a desktop's size, as the site is designed for. */
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

/** Chromium starting, and each step of the walk (a page's load, its client starting). */
const browserStepMs = 15_000;

/** Console messages React prints for a server render the client does not match. */
const hydrationWarning =
  /Hydration failed|hydrated but some attributes|didn't match the client|did not match|Minified React error #(418|423|425)/i;

/** @typedef {{ server: string; staticDir: string }} ShellServer */

/**
 * Starts the shell's render server on a free port of this machine, composing `remotes`; resolves
 * once it listens (it starts its workers first), within the worker start deadline.
 * @param {ShellServer} shell @param {Record<string, string>} remotes @param {string} work
 * @param {number} remoteMs
 * @returns {Promise<{ origin: string; stop: () => void }>}
 */
function startThrowawayServer({ server, staticDir }, remotes, work, remoteMs) {
  const remotesJson = path.join(work, 'remotes.json');
  fs.writeFileSync(remotesJson, JSON.stringify(remotes));
  const child = spawn(process.execPath, [server], {
    env: {
      ...withoutSecret(process.env),
      HOST: '127.0.0.1',
      PORT: '0',
      REMOTES_JSON: remotesJson,
      STATIC_DIR: staticDir,
      LOG_FORMAT: 'json',
      PAGE_CACHE: 'off',
      REMOTE_DEADLINE_MS: String(remoteMs),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const stop = () => {
    child.kill('SIGKILL');
  };
  const deadlineMs = workerStartDeadlineMs(remoteMs) + browserStepMs;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the throwaway render server did not listen within ${deadlineMs} ms`));
    }, deadlineMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the throwaway render server stopped (exit ${code})`));
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /Render server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
      if (!listening) return;
      clearTimeout(timer);
      resolve({ origin: listening[1] ?? '', stop });
    });
  });
}

/**
 * Resolves once the throwaway server renders pages: while its render worker is (re)starting it
 * answers 503, as seen on a busy machine (load 14 on 2 cores) where the walk's first page then
 * failed. Within the worker start deadline; past it the walk goes on and meets the 503 itself.
 * @param {string} origin @param {number} remoteMs
 */
async function workersReady(origin, remoteMs) {
  const deadline = Date.now() + workerStartDeadlineMs(remoteMs);
  while (Date.now() < deadline) {
    const answer = await fetch(`${origin}/`, { signal: AbortSignal.timeout(browserStepMs) }).catch(
      () => undefined,
    );
    await answer?.arrayBuffer().catch(() => undefined);
    if (answer && answer.status !== 503) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A page of the walk: what goes wrong on it, into `seen` (uncaught errors, hydration warnings,
 * scripts that failed), its console errors into `logged` (they explain a failure, as an error
 * an error boundary caught is only logged, but are no failure by themselves), and the requests
 * it still waits for (the page has not settled while one is out).
 * @typedef {{ page: import('playwright-core').Page; seen: string[]; logged: string[]; inFlight: Set<import('playwright-core').Request> }} Watched
 */

/**
 * Watches a page for what goes wrong on it.
 * @param {import('playwright-core').Page} page
 * @returns {Watched}
 */
function watch(page) {
  /** @type {string[]} */
  const seen = [];
  /** @type {string[]} */
  const logged = [];
  /** @type {Set<import('playwright-core').Request>} */
  const inFlight = new Set();
  page.on('request', (request) => {
    if (awaited(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('pageerror', (error) => seen.push(`uncaught error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text().split('\n')[0]?.slice(0, 300) ?? '');
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      hydrationWarning.test(message.text())
    )
      seen.push(`hydration warning: ${message.text().slice(0, 300)}`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.status() >= 400)
      seen.push(`script ${response.url()} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script')
      seen.push(`script ${request.url()} failed (${request.failure()?.errorText ?? 'no answer'})`);
  });
  return { page, seen, logged, inFlight };
}

/**
 * Requests a page waits on before it has settled: code and styles (a section that hydrates late
 * fetches its chunk) and remotes' manifests. Long-lived requests (a data store's listener) are
 * not among them.
 * @param {import('playwright-core').Request} request
 */
const awaited = (request) =>
  ['script', 'stylesheet'].includes(request.resourceType()) ||
  (request.resourceType() === 'fetch' && new URL(request.url()).pathname.endsWith('.json'));

/**
 * Evaluated in the page: resolves once its main thread is idle (React's hydration, and the
 * effects it ran, are done), or after 2 s of a thread that never idles.
 */
const idle =
  'new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 }))';

/**
 * Resolves once the page has settled: its main thread idle with none of its code, styles or
 * manifests still on the way (a section's code that hydrates late arrives, and its effects
 * run), or after `ms` (a request left open is no fault by itself: a script that fails is seen
 * as it fails). It waits for the page's own events, never a fixed time.
 * @param {Watched} watched @param {number} ms
 */
async function settled({ page, inFlight }, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    await page.evaluate(idle);
    if (inFlight.size === 0) return;
    const left = deadline - Date.now();
    if (left <= 0) return;
    // The next of them that ends, then idle again.
    await new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        page.off('requestfinished', done);
        page.off('requestfailed', done);
        resolve(null);
      };
      const timer = setTimeout(done, left);
      page.on('requestfinished', done);
      page.on('requestfailed', done);
    });
  }
}

/**
 * Once the client is ready and the page has settled: the site's error screen or a part shown
 * unavailable, if either shows.
 * @param {Watched} watched
 */
async function judge(watched) {
  await watched.page.waitForSelector('html[data-client-ready]', {
    state: 'attached',
    timeout: browserStepMs,
  });
  await settled(watched, loadDeadlineMs);
  await errorsShown(watched.page, watched.seen);
}

/**
 * The site's error screen, or a part shown unavailable, if either shows now.
 * @param {import('playwright-core').Page} page @param {string[]} seen
 */
async function errorsShown(page, seen) {
  const shown = await page
    .locator('[data-site-error]')
    .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-site-error')));
  for (const mark of shown)
    seen.push(
      mark === 'error-screen'
        ? 'the error screen ("Unexpected Application Error") is shown'
        : 'a part is shown as unavailable',
    );
}

/**
 * On each page that has one, a control that must answer once the page's client runs: where to
 * tap, and what shows it answered. (About and the menu page are text and links; the Menu is
 * opened on every page.)
 * @type {Record<string, { what: string; tap: string; shows: string }>}
 */
const pageControls = {
  '/': {
    what: "the team carousel's pause button",
    tap: 'section[aria-roledescription="carousel"] button',
    shows: 'section[aria-roledescription="carousel"] [data-paused="true"]',
  },
  '/contact': {
    what: "the contact form's send button (empty: the fields say what is missing)",
    tap: 'form button[type="submit"]',
    shows: 'form [aria-invalid="true"]',
  },
};

/**
 * Taps the page's control (if it has one) and waits for it to answer.
 * @param {import('playwright-core').Page} page @param {string} pathname
 */
async function controlAnswers(page, pathname) {
  const control = pageControls[pathname];
  if (!control) return;
  await page.locator(control.tap).first().click({ timeout: browserStepMs });
  await page
    .locator(control.shows)
    .first()
    .waitFor({ state: 'attached', timeout: loadDeadlineMs })
    .catch(() => {
      throw new Error(`${control.what} did not answer within ${loadDeadlineMs} ms of a tap`);
    });
}

/** The menu's toggle. @param {import('playwright-core').Page} page */
const menuToggle = (page) => page.locator('header button[aria-controls]');

/**
 * Opens the menu and waits until it says it is open.
 * @param {import('playwright-core').Page} page
 */
async function openMenu(page) {
  await menuToggle(page).click({ timeout: browserStepMs });
  await page
    .locator('header button[aria-controls][aria-expanded="true"]')
    .waitFor({ state: 'attached', timeout: loadDeadlineMs });
}

/**
 * Runs `step` on a watched page and judges it; a problem names `what`, the size, what was seen
 * (with the page's console errors) and a screenshot.
 * @param {Watched} watched @param {typeof viewports[number]} viewport @param {string} shots
 * @param {string} what @param {() => Promise<void>} step
 * @returns {Promise<string | undefined>}
 */
async function checked(watched, viewport, shots, what, step) {
  const { page, seen, logged } = watched;
  seen.length = 0;
  logged.length = 0;
  try {
    await step();
    // An effect that throws late (on a busy machine, after the page settled) shows by now.
    if (seen.length === 0) await errorsShown(page, seen);
  } catch (error) {
    seen.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
  }
  if (seen.length === 0) return undefined;
  const shot = path.join(shots, `${viewport.name}-${what.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.screenshot({ path: shot, timeout: browserStepMs }).catch(() => {});
  const consoleNote = logged.length ? ` (console: ${[...new Set(logged)].join('; ')})` : '';
  return `${what} at ${viewport.width}x${viewport.height}: ${[...new Set(seen)].join('; ')}${consoleNote} (screenshot: ${shot})`;
}

/**
 * Walks the candidate served at `origin` at one size, in one page: every server-rendered route
 * opened as a first visit (its Menu and its control tapped), then, if `byMenu`, the site walked
 * by its menu from the last of them. Returns the problems. One page at a time: pages loading
 * side by side on a busy machine overran the browser's load deadline and were drawn
 * unavailable, which is a refusal the candidate did not earn.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} shots
 * @param {typeof viewports[number]} viewport @param {boolean} byMenu
 */
async function walkAt(browser, origin, shots, viewport, byMenu) {
  const pages = routes.filter((route) => !('clientOnly' in route)).map((route) => route.path);
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
  });
  try {
    const watched = watch(await context.newPage());
    const { page, seen } = watched;
    /** @type {(string | undefined)[]} */
    const found = [];
    for (const pathname of pages)
      found.push(
        await checked(watched, viewport, shots, pathname, async () => {
          // A new document: what the last one still had out is not waited for.
          watched.inFlight.clear();
          await page.goto(`${origin}${pathname}`, {
            timeout: browserStepMs,
            waitUntil: 'domcontentloaded',
          });
          await judge(watched);
          // A page already broken is not tapped: its controls are not there to answer.
          if (seen.length > 0) return;
          await openMenu(page);
          await page.keyboard.press('Escape');
          await controlAnswers(page, pathname);
        }),
      );
    // The site as a visitor walks it: from the last page, each route by the menu's links.
    if (byMenu)
      for (const pathname of [...pages.slice(0, -1)].reverse())
        found.push(
          await checked(watched, viewport, shots, `${pathname} reached by the menu`, async () => {
            // The menu's link to it, or the logo for Home: whichever link to it is in sight.
            await openMenu(page);
            await page
              .locator(`a[href="${pathname}"]:visible`)
              .first()
              .click({ timeout: browserStepMs });
            await page.waitForURL(`${origin}${pathname}`, { timeout: browserStepMs });
            await judge(watched);
          }),
        );
    return found.filter((problem) => problem !== undefined);
  } finally {
    await context.close();
  }
}

/**
 * Walks the candidate served at `origin`: every route at each size, one after another, and the
 * site by its menu at the phone's size (where the menu is how visitors move); returns the
 * problems, each naming the route, the size and a screenshot.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} shots
 */
async function walk(browser, origin, shots) {
  /** @type {string[]} */
  const problems = [];
  for (const [index, viewport] of viewports.entries())
    problems.push(...(await walkAt(browser, origin, shots, viewport, index === 0)));
  return problems;
}

/**
 * Walks the candidate `remotes` in Chromium over a throwaway render server.
 * @param {ShellServer} shell @param {Record<string, string>} remotes @param {number} remoteMs
 * @returns {Promise<string[]>} the problems found
 */
async function browserProblems(shell, remotes, remoteMs) {
  if (!executablePath || !fs.existsSync(executablePath))
    return [
      `no Chromium to walk the candidate with (${executablePath || 'CHROME_PATH is not set'}): install it (Debian: apt-get install -y chromium; elsewhere set CHROME_PATH to a Chrome or Chromium), or promote with --skip-browser (recorded)`,
    ];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-walk-'));
  // Screenshots are kept for the person reading the refusal; the rest is removed.
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-promote-screenshots-'));
  /** @type {{ origin: string; stop: () => void } | undefined} */
  let served;
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  try {
    // Loaded only for a walk: it takes seconds, which a rollback (no checks) must not pay.
    const { chromium } = require('playwright-core');
    // Both start at once; whichever started is stopped below, whatever the other did.
    const [server, launched] = await Promise.allSettled([
      startThrowawayServer(shell, remotes, work, remoteMs),
      chromium.launch({ executablePath, args: chromiumFlags, timeout: browserStepMs }),
    ]);
    if (server.status === 'fulfilled') served = server.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (server.status === 'rejected') throw server.reason;
    if (launched.status === 'rejected') throw launched.reason;
    if (!served || !browser) throw new Error('the walk could not start');
    await workersReady(served.origin, remoteMs);
    const problems = await walk(browser, served.origin, shots);
    if (problems.length === 0) fs.rmSync(shots, { recursive: true, force: true });
    return problems;
  } catch (error) {
    return [`the browser walk failed: ${error instanceof Error ? error.message : error}`];
  } finally {
    await browser?.close().catch(() => {});
    served?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { browserProblems };
