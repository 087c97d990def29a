import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import chromiumLib from '../../../tools/browser/chromium.cjs';
import stack from '../../../tools/stack/stack.cjs';
import testStack from '../../../tools/test/test-stack.cjs';
import { emulatorAddress } from '../emulators/firestore';
import { scaled } from '../time-factor';

export const ports = testStack.testPorts;

/** The emulator tools/test/test-browser.mjs started, with the project the site writes to. */
export const emulator = { ...emulatorAddress(), projectId: testStack.testEmulator.projectId };

/** The Auth emulator tools/test/test-browser.mjs started: staff sign in to the inbox there. */
export const authEmulator = {
  host: '127.0.0.1',
  port: testStack.testAuthEmulator.port,
  projectId: testStack.testAuthEmulator.projectId,
};

export type Site = Awaited<ReturnType<typeof stack.serveSite>>;

/** Serves the production build of all four apps on the test ports. */
export function startSite(
  options: Omit<Parameters<typeof stack.serveSite>[0] & object, 'ports' | 'emulator'> = {},
): Promise<Site> {
  return stack.serveSite({ ports, emulator, auth: authEmulator, ...options });
}

export function siteUrl(path = '/'): string {
  return new URL(path, `http://localhost:${ports.shell}`).toString();
}

/**
 * Opens a page of the site as a visitor arrives on it, and waits until the browser has taken
 * over the server's HTML (before that, buttons and client-side links do nothing yet).
 */
export async function visit(
  page: Page,
  path: string,
  options: Parameters<Page['goto']>[1] = {},
): Promise<void> {
  await page.goto(siteUrl(path), options);
  await page.waitForSelector('html[data-client-ready]', {
    state: 'attached',
    timeout: scaled(20_000),
  });
}

/**
 * Debian's Chromium. `scripts: false` is a browser that runs no scripts at all, as some visitors
 * and crawlers are: unlike a context with JavaScript disabled, it also shows <noscript> content.
 */
export function launchBrowser({ scripts = true } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumLib.executablePath,
    args: [
      ...chromiumLib.chromiumFlags,
      ...(scripts ? [] : ['--blink-settings=scriptEnabled=false']),
    ],
  });
}

/** A fresh page that fails the test on any uncaught page error. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * Serves the site with remote-contact's firebase-config.json pointing at another Firestore
 * address (e.g. a port nothing listens on), to see the form fail as a visitor would.
 */
export function startSiteWithFirestoreAt(firestore: { host: string; port: number }): Promise<Site> {
  return stack.serveSite({ ports, emulator: { ...emulator, ...firestore }, auth: authEmulator });
}

type SiteOptions = Parameters<typeof startSite>[0];

/**
 * Something the tests of the enclosing describe block (or file) share, under `key`: `open`
 * makes it in beforeAll, afterAll closes it. Read `ctx[key]` inside tests. `open` runs after
 * the block's earlier beforeAll hooks, so it can use what they prepared.
 */
export function setUpShared<K extends string, T extends { close(): Promise<void> }>(
  key: K,
  open: () => Promise<T>,
): Record<K, T> {
  const ctx = {} as Record<K, T>;
  beforeAll(async () => {
    ctx[key] = await open();
  });
  afterAll(async () => {
    await ctx[key]?.close();
  });
  return ctx;
}

/** The composed site for the enclosing block (startSite() unless told). Read `ctx.site`. */
export function setUpSite(start: () => Promise<Site> = () => startSite()): { site: Site } {
  return setUpShared('site', start);
}

/** Chromium for the enclosing block. Read `ctx.browser`. */
export function setUpBrowser(): { browser: Browser } {
  return setUpShared('browser', () => launchBrowser());
}

/**
 * The usual set-up of a browser test file: the composed site and Chromium for the whole file.
 * Read `ctx.site` and `ctx.browser` inside tests (they exist once beforeAll has run).
 * `siteOptions` may be a function: it is called in beforeAll, so it can use what a file's own
 * earlier beforeAll prepared (a release directory, say).
 */
export function setUpSiteAndBrowser(siteOptions: SiteOptions | (() => SiteOptions) = {}): {
  site: Site;
  browser: Browser;
} {
  const served = setUpSite(() =>
    startSite(typeof siteOptions === 'function' ? siteOptions() : siteOptions),
  );
  const chromium = setUpBrowser();
  return {
    get site() {
      return served.site;
    },
    get browser() {
      return chromium.browser;
    },
  };
}

/**
 * As setUpSiteAndBrowser, plus a fresh page for every test that fails the test if the page threw.
 */
export function setUpComposedSite(
  options: BrowserContextOptions = {},
  siteOptions: SiteOptions = {},
): {
  site: Site;
  browser: Browser;
  page: Page;
  errors: string[];
} {
  const ctx = setUpSiteAndBrowser(siteOptions) as {
    site: Site;
    browser: Browser;
    page: Page;
    errors: string[];
  };
  beforeEach(async () => {
    Object.assign(ctx, await openPage(ctx.browser, options));
  });
  afterEach(async () => {
    await ctx.page.context().close();
    expect(ctx.errors).toEqual([]);
  });
  return ctx;
}
