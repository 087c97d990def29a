import type { Page } from 'playwright-core';
import { errors, hero, navigation } from 'remote-shared/content';
import { loadDeadlineMs } from '../../federation/runtime-plugins/load-deadline';
import { retryWindowMs } from '../../federation/runtime-plugins/load-retry-plugin';
import {
  entryOf,
  failFirst,
  hang,
  logged,
  manifestOf,
  shellChunks,
  since,
  within,
} from '../support/browser/faults';
import { setUpComposedSite, siteUrl, visit } from '../support/browser/site';

// A page never hangs: what does not answer on the way to it is given up after the load
// deadline, and the visitor sees the state designed for it. Slack covers a busy machine, and
// timings from a page's arrival include its scripts starting (once the first screen has painted
// on a server-rendered page, 3 s at the latest). Without the deadlines these waits last 20 s or for ever.
const slackMs = 2000;
const startupMs = 3000;
const startupNotice = 'First Day Studio could not load right now';

/** Opens a page without waiting for its scripts (some of them hang here). */
async function arrive(page: Page, path: string): Promise<void> {
  await page.goto(siteUrl(path), { waitUntil: 'domcontentloaded' });
}

/** Client-side navigation home: the browser itself loads remote-home. */
async function goHome(page: Page): Promise<void> {
  await page.getByRole('link', { name: navigation.logoLabel }).click();
}

/** Records, in the page, whether the page area ever said "unavailable" from now on. */
async function watchForUnavailable(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate((title) => {
    const seen = () => [...document.querySelectorAll('h1')].some((h) => h.textContent === title);
    const observer = new MutationObserver(() => {
      if (seen()) Object.assign(window, { __sawUnavailable: true });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, errors.unavailableTitle);
  return () =>
    page.evaluate(() => (window as { __sawUnavailable?: boolean }).__sawUnavailable === true);
}

describe('server-rendered pages', () => {
  const ctx = setUpComposedSite();

  it('say "unavailable" within the deadline when a page remote\'s entry hangs', async () => {
    const { page } = ctx;
    await visit(page, '/contact');
    await hang(page, entryOf('remote-home'));
    const start = Date.now();
    await goHome(page);
    await page
      .getByRole('heading', { name: errors.unavailableTitle })
      .waitFor({ timeout: loadDeadlineMs + slackMs });
    expect(since(start)).toBeGreaterThanOrEqual(loadDeadlineMs);
    await page.getByRole('button', { name: errors.retryLabel }).waitFor();
  });

  it("become interactive within the deadline when the page's own code hangs", async () => {
    const { page } = ctx;
    await hang(page, entryOf('remote-home'));
    await arrive(page, '/');
    const start = Date.now();
    await page.waitForSelector('html[data-client-ready]', {
      state: 'attached',
      timeout: startupMs + loadDeadlineMs + slackMs,
    });
    expect(since(start)).toBeLessThan(startupMs + loadDeadlineMs + slackMs);
    // The server's page stays readable, and the chrome works.
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    await page.getByRole('button', { name: navigation.menuLabel }).click();
    await page.getByRole('dialog').waitFor();
  });

  it('keep their server HTML when remote-shared hangs, and the shell gives up in time', async () => {
    const { page } = ctx;
    const gaveUp = logged(page, 'The site could not start');
    await hang(page, entryOf('remote-shared'));
    await arrive(page, '/about');
    await within(startupMs + loadDeadlineMs + slackMs, 'Giving up on remote-shared', gaveUp);
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('link', { name: navigation.logoLabel }).waitFor();
  });

  it('load a remote whose entry failed twice without the visitor pressing Retry', async () => {
    const { page } = ctx;
    await visit(page, '/contact');
    const requests = await failFirst(page, entryOf('remote-home'), 2);
    const sawUnavailable = await watchForUnavailable(page);
    await goHome(page);
    await page
      .getByRole('heading', { level: 1, name: hero.headline })
      .waitFor({ timeout: retryWindowMs + slackMs });
    expect(requests()).toBe(3);
    expect(await sawUnavailable()).toBe(false);
  });
});

describe('the client-rendered fallback page', () => {
  const ctx = setUpComposedSite({}, { clientRendered: true });

  it('says "unavailable" within the deadline when a page remote\'s manifest hangs', async () => {
    const { page } = ctx;
    await hang(page, manifestOf('remote-home'));
    await visit(page, '/');
    const start = Date.now();
    await page
      .getByRole('heading', { name: errors.unavailableTitle })
      .waitFor({ timeout: loadDeadlineMs + slackMs });
    expect(since(start)).toBeLessThan(loadDeadlineMs + slackMs);
  });

  it('recovers from a manifest of the wrong shape with Retry, once it is fixed, without a reload', async () => {
    const { page } = ctx;
    const manifest = manifestOf('remote-home');
    await page.route(manifest, (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"name":"remote_home"}' }),
    );
    await visit(page, '/');
    await page.getByRole('heading', { name: errors.unavailableTitle }).waitFor();

    await page.unroute(manifest);
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.getByRole('button', { name: errors.retryLabel }).click();
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  it("starts although remote-shared's entry failed twice, with no notice shown", async () => {
    const { page } = ctx;
    const requests = await failFirst(page, entryOf('remote-shared'), 2);
    await visit(page, '/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(requests()).toBe(3);
    await expect(page.getByText(startupNotice).count()).resolves.toBe(0);
  });

  it.each([
    ["remote-shared's manifest", manifestOf('remote-shared')],
    ['a start-up chunk of the shell', shellChunks],
  ])('shows the start-up notice within the deadline when %s hangs', async (_, url) => {
    const { page } = ctx;
    await hang(page, url);
    await arrive(page, '/');
    const start = Date.now();
    await page.getByText(startupNotice).waitFor({ timeout: startupMs + loadDeadlineMs + slackMs });
    expect(since(start)).toBeLessThan(startupMs + loadDeadlineMs + slackMs);
  });

  it('falls back to the built-in locations when remotes.json hangs', async () => {
    const { page } = ctx;
    await hang(page, siteUrl('/remotes.json'));
    // The built-in locations (localhost:3001-3003) are not this site: nothing answers there.
    await page.route(/^http:\/\/localhost:300[1-3]\//, (route) => route.abort());
    const builtIn = logged(page, 'Using the built-in remote locations');
    await arrive(page, '/');
    await within(startupMs + loadDeadlineMs + slackMs, 'Giving up on remotes.json', builtIn);
    // The failed remote-shared is retried for a moment, then the notice says so.
    await page.getByText(startupNotice).waitFor({ timeout: retryWindowMs + slackMs });
  });
});
