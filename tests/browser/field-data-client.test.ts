/**
 * Field data, as the browser sends it and the render server takes it: every server-rendered
 * page reports its visit (metrics, errors, failed loads, taps before hydration) to /__vitals on
 * its own origin, tagged with the set and lane the server rendered it with, and the server
 * accepts it (one log line per beacon, read here).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { entryOf } from '../support/browser/faults';
import { watchServerLog } from '../support/browser/server-log';
import { openPage, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';
import { scaled } from '../support/time-factor';

const log = watchServerLog();
const ctx = setUpSiteAndBrowser({ renderEnv: { LOG_FORMAT: 'json' } });

/** A beacon as the render server accepted and logged it. */
interface Beacon {
  set: string;
  lane: string;
  route: string;
  view: boolean;
  metrics: Record<string, number>;
  errors: number;
  failedLoads: number;
  tapsCaptured: number;
  tapsReplayed: number;
  attribution: Record<string, string>;
}

/** The set a page names in its server state: its beacons must name it too. */
const setOf = (page: Page) =>
  page.evaluate(
    () => JSON.parse(document.getElementById('firstday-state')?.textContent ?? '{}').field?.set,
  );

interface Watched {
  page: Page;
  /** Every beacon the render server accepted so far. */
  beacons: () => Beacon[];
  /** Content Security Policy violations the page reported. */
  violations: string[];
  errors: string[];
}

/** Each test's page, closed after it, passed or not: a late beacon of it would mislead the next. */
const opened: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

/** A phone-sized page, its beacons, CSP violations and errors. */
async function watchedPage(): Promise<Watched> {
  const { page, errors } = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
  opened.push(page.context());
  log.clear();
  const beacons = () =>
    log
      .lines()
      .filter((line) => line.message === 'Field data')
      .map((line) => {
        const counts = line.counts as Pick<
          Beacon,
          'errors' | 'failedLoads' | 'tapsCaptured' | 'tapsReplayed'
        >;
        return { ...(line as unknown as Beacon), ...counts };
      });
  const violations: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/.test(message.text()))
      violations.push(message.text());
  });
  return { page, beacons, violations, errors };
}

/** Resolves with the beacons once `done` holds of them, or fails after `ms`. */
async function beaconsWhen(
  watched: Watched,
  done: (beacons: Beacon[]) => boolean,
  ms: number,
): Promise<Beacon[]> {
  const deadline = Date.now() + ms;
  while (!done(watched.beacons())) {
    if (Date.now() > deadline) {
      throw new Error(`No such beacon within ${ms} ms: ${JSON.stringify(watched.beacons())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return watched.beacons();
}

const hydrated = (page: Page) =>
  page.waitForSelector('html[data-client-ready]', { state: 'attached', timeout: scaled(20_000) });

/**
 * Resolves once the page's field data runs: it starts at the first idle moment after start-up
 * (idle callbacks run in the order asked for), and its chunk is loaded by network idle.
 */
async function fieldDataRunning(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
}

const tapCounts = (page: Page) =>
  page.evaluate(() => {
    const taps = (window as { __fdTaps?: { captured: number; replayed: number } }).__fdTaps;
    return { captured: taps?.captured, replayed: taps?.replayed };
  });

describe('field data in the browser', () => {
  it('reports a visit to / when it is left: view, metrics, and the tap made before hydration', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    // Hydration waits for the shell's start-up chunks: held, the page is painted but not live.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const shellChunks = new RegExp(`^${siteUrl('/')}\\d+\\.[0-9a-f]{8}\\.js$`);
    await page.route(shellChunks, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl('/'), { waitUntil: 'commit' });
    const music = page.locator('[data-tap="music"]');
    await music.waitFor({ state: 'visible', timeout: scaled(20_000) });
    const box = await music.boundingBox();
    if (!box) throw new Error('The music button is not on screen');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await tapCounts(page)).toEqual({ captured: 1, replayed: 0 });
    release();
    await hydrated(page);
    await page.waitForFunction(
      () => (window as { __fdTaps?: { replayed: number } }).__fdTaps?.replayed === 1,
    );
    // Nothing is sent while the visitor is on the page and nothing went wrong.
    await fieldDataRunning(page);
    expect(watched.beacons()).toEqual([]);
    const set = await setOf(page);

    await page.goto('about:blank');
    const [beacon, ...more] = await beaconsWhen(watched, (beacons) => beacons.length > 0, 5_000);
    expect(more).toEqual([]);
    expect(beacon).toMatchObject({
      set,
      lane: 'live',
      route: '/',
      view: true,
      errors: 0,
      failedLoads: 0,
      tapsCaptured: 1,
      tapsReplayed: 1,
    });
    expect(beacon?.metrics).toEqual({
      LCP: expect.any(Number),
      CLS: expect.any(Number),
      INP: expect.any(Number),
    });
    expect(beacon?.attribution.inpType).toBe('pointer');
    expect(watched.violations).toEqual([]);
    expect(watched.errors).toEqual([]);
  });

  it('hears within about 2 s of an error thrown after hydration, while the page stays open', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    const response = await page.goto(siteUrl('/'));
    // The page's own policy is in force: beacons need no more than it allows.
    expect(response?.headers()['content-security-policy']).toMatch(/connect-src 'self'[;\s]/);
    await hydrated(page);
    await fieldDataRunning(page);
    const set = await setOf(page);
    const thrownAt = Date.now();
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom');
      }),
    );
    const [beacon] = await beaconsWhen(watched, (beacons) => beacons.length > 0, 4_000);
    expect(Date.now() - thrownAt).toBeLessThan(4_000);
    expect(beacon).toMatchObject({ view: true, route: '/', set });
    expect(beacon?.errors).toBeGreaterThanOrEqual(1);
    expect(beacon?.attribution.error).toContain('boom');
    expect(watched.errors).toEqual(['boom']);
    expect(watched.violations).toEqual([]);
  });

  it('reports a remote the page could not load, by its alias', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    let attempts = 0;
    await page.route(entryOf('remote-home'), (route) => {
      attempts += 1;
      return route.fulfill({ status: 503 });
    });
    await page.goto(siteUrl('/about'));
    await hydrated(page);
    const beacons = await beaconsWhen(
      watched,
      (sent) => sent.some((beacon) => beacon.failedLoads > 0),
      15_000,
    );
    expect(beacons.find((beacon) => beacon.failedLoads > 0)).toMatchObject({
      route: '/about',
      attribution: { failedRemote: 'remote-home' },
    });
    // A load counts once it has failed for good, not once per attempt.
    const failed = beacons.reduce((sum, beacon) => sum + beacon.failedLoads, 0);
    expect({ attempts: attempts > 1, failed }).toEqual({ attempts: true, failed: 1 });
    expect(watched.violations).toEqual([]);
  });
});
