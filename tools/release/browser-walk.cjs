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
const readline = require('node:readline');
const { executablePath, chromiumFlags } = require('../browser/chromium.cjs');
const { loadDeadlineMs, workerStartDeadlineMs } = require('../../platform/deadlines.cjs');
const { routes } = require('../../platform/routes/routes.cjs');

/** A phone's and a desktop's size, as the site is designed for. */
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

/**
 * After the client says it is ready, how long the page is watched before it is judged: an error
 * thrown by an effect, or a section that hydrates late, shows within this.
 */
const settleMs = 600;
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
      ...process.env,
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
 * What goes wrong on a page, into `seen`: uncaught errors, hydration warnings, scripts that
 * failed. Its console errors go to `logged`, which explain a failure (an error an error
 * boundary caught is only logged) but are no failure by themselves.
 * @param {import('playwright-core').Page} page @param {string[]} seen @param {string[]} logged
 */
function watch(page, seen, logged) {
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
}

/**
 * Once the client is ready and the page has settled: the site's error screen or a part shown
 * unavailable, if either shows.
 * @param {import('playwright-core').Page} page @param {string[]} seen
 */
async function judge(page, seen) {
  await page.waitForSelector('html[data-client-ready]', {
    state: 'attached',
    timeout: browserStepMs,
  });
  await page.waitForTimeout(settleMs);
  await errorsShown(page, seen);
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
 * Walks the candidate served at `origin`; returns the problems, each naming the route, the size
 * and a screenshot.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} shots
 */
async function walk(browser, origin, shots) {
  /** @type {string[]} */
  const problems = [];
  const pages = routes.filter((route) => !('clientOnly' in route)).map((route) => route.path);
  for (const viewport of viewports) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    try {
      const page = await context.newPage();
      /** @type {string[]} */
      const seen = [];
      /** @type {string[]} */
      const logged = [];
      watch(page, seen, logged);
      /** @param {string} what @param {() => Promise<void>} step */
      const check = async (what, step) => {
        seen.length = 0;
        logged.length = 0;
        try {
          await step();
          // An effect that throws late (on a busy machine, after the settling time) shows by now.
          if (seen.length === 0) await errorsShown(page, seen);
        } catch (error) {
          seen.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
        }
        if (seen.length === 0) return;
        const shot = path.join(shots, `${viewport.name}-${what.replace(/[^a-z0-9]+/gi, '-')}.png`);
        await page.screenshot({ path: shot, timeout: browserStepMs }).catch(() => {});
        const consoleNote = logged.length ? ` (console: ${[...new Set(logged)].join('; ')})` : '';
        problems.push(
          `${what} at ${viewport.width}x${viewport.height}: ${[...new Set(seen)].join('; ')}${consoleNote} (screenshot: ${shot})`,
        );
      };
      for (const pathname of pages)
        await check(pathname, async () => {
          await page.goto(`${origin}${pathname}`, { timeout: browserStepMs });
          await judge(page, seen);
          await openMenu(page);
          await page.keyboard.press('Escape');
        });
      // The site as a visitor walks it: from the last page, each route by the menu's links.
      for (const pathname of [...pages.slice(0, -1)].reverse())
        await check(`${pathname} reached by the menu`, async () => {
          // The menu's link to it, or the logo for Home: whichever link to it is in sight.
          await openMenu(page);
          await page
            .locator(`a[href="${pathname}"]:visible`)
            .first()
            .click({ timeout: browserStepMs });
          await page.waitForURL(`${origin}${pathname}`, { timeout: browserStepMs });
          await judge(page, seen);
        });
    } finally {
      await context.close();
    }
  }
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
