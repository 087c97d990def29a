import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  publishVariant,
  releasesWithCandidate,
  type CandidateReleases,
} from '../support/browser/candidate-release';
import { releaseCommand } from '../support/browser/release-commands';
import { emulator, openPage, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';
import { pollUntil } from '../support/browser/poll-until';
import { cohortCookie } from '../support/browser/cohort-cookie';
import { scaled } from '../support/time-factor';

/**
 * The canary's judge, from real visitors' field data: remote-home candidates that pass every
 * check before going out (they render on the server) and are worse only in the browser. One
 * throws after hydration, one is only slower (once hydrated, every tap holds the main thread);
 * each is promoted on a canary, visited by both cohorts in Chromium, and rolled back by
 * `npm run canary` from its field data, with the figures in its log line.
 */
const failure = 'Home breaks in the browser';
/** An effect of the Home page, run once it has hydrated: only the browser meets it. */
const withEffect = (effect: string) => (source: string) => {
  const file = path.join(source, 'src', 'home', 'home-page.tsx');
  const code = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(
    file,
    code
      .replace("import { Suspense } from 'react';", "import { Suspense, useEffect } from 'react';")
      .replace(
        'export function HomePage() {',
        `export function HomePage() {\n  useEffect(() => {\n    ${effect}\n  }, []);`,
      ),
  );
};

let releases: CandidateReleases;
let slow: string;

beforeAll(async () => {
  releases = await releasesWithCandidate(
    withEffect(`throw new Error(${JSON.stringify(failure)});`),
    'firstday-judge-',
  );
  slow = await publishVariant(
    releases.dir,
    // Every tap once the page runs costs 300 ms of main thread: a one-off 1.5 s stall at
    // hydration met no tap when the page started before the visitor's first one.
    withEffect(
      [
        'const slow = () => {',
        '      const end = performance.now() + 300;',
        '      while (performance.now() < end);',
        '    };',
        "    document.addEventListener('click', slow);",
        "    return () => document.removeEventListener('click', slow);",
      ].join('\n'),
    ),
  );
}, 420_000);

const ctx = setUpSiteAndBrowser(() => ({
  dirs: { 'remote-home': path.join(releases.dir, 'remote-home') },
  remotesJson: path.join(releases.dir, 'remotes.json'),
  // Every visitor here comes from one address: each must count.
  renderEnv: {
    REMOTE_POLL_MS: '500',
    FIELD_DATA_FLUSH_MS: '500',
    LOG_FORMAT: 'json',
    FIELD_DATA_CLIENT_ERROR_VIEWS: '1000',
  },
}));

afterAll(() => fs.rmSync(releases.dir, { recursive: true, force: true }));

const env = { FIRSTDAY_RELEASER: 'remote-home team' };
// The browser walk is not what this file tests (release-refusals and its good release do):
// skipped, so promotions here cost seconds, not a Chromium walk each.
const promote = (...args: string[]) =>
  releaseCommand('promote.mjs', [...args, '--to', releases.dir, '--skip-browser'], { env });
const judge = () =>
  releaseCommand(
    path.join('..', 'canary', 'canary.mjs'),
    [
      '--to',
      releases.dir,
      // A dozen visits cannot meet the default's 1 % over a day of looks: this one look may
      // spend a level of its own. Its visitors share one address (a page's last beacon leaves
      // without the test's X-Forwarded-For): clients and networks are not weighed.
      '--policy',
      JSON.stringify({
        falseRollbackRate: 0.5,
        horizonMs: 5 * 60_000,
        minClients: 1,
        minNetworks: 0,
        // One address is one visitor: here each view counts as one.
        visitorsByAddress: 0,
      }),
      '--emulator',
      `${emulator.host}:${emulator.port}`,
    ],
    { env },
  );
const pointer = () =>
  JSON.parse(fs.readFileSync(path.join(releases.dir, 'remotes.json'), 'utf8')) as {
    canary?: { id: string };
  };
const history = () =>
  JSON.parse(fs.readFileSync(path.join(releases.dir, 'release-history.json'), 'utf8')) as {
    action: string;
    reasons?: string[];
  }[];

const stateOf = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(document.getElementById('firstday-state')?.textContent ?? '{}').field as {
        lane: string;
      },
  );

/**
 * One visit to /, as a phone visitor makes it: taps on the hero's heading from the first paint
 * (some land while the page hydrates), one more once it has settled, then leaves (the page's
 * beacon goes out). Returns the lane the page was served in and the scripts it ran.
 */
async function visit(
  cohort: string,
): Promise<{ lane: string; scripts: string[]; errors: string[] }> {
  const { page, errors } = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
  await page.context().addCookies([{ name: '__session', value: cohort, url: siteUrl('/') }]);
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await page.goto(siteUrl('/'), { waitUntil: 'commit' });
  // The hero's heading: plain text, so a tap on it does nothing but count as an interaction.
  // A candidate that throws replaces the page with its error screen once hydrated: the heading
  // is looked up again until one stays on screen long enough to be measured.
  const box = await pollUntil(
    scaled(20_000),
    async () =>
      (await page
        .locator('h1')
        .first()
        .boundingBox()
        .catch(() => null)) ?? undefined,
  );
  const tap = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  for (let taps = 0; taps < 12; taps++) {
    await tap();
    await page.waitForTimeout(150);
  }
  await page.waitForSelector('html[data-client-ready]', {
    state: 'attached',
    timeout: scaled(20_000),
  });
  await page.waitForLoadState('networkidle');
  await tap();
  await page.waitForTimeout(300);
  const { lane } = await stateOf(page);
  await page.goto('about:blank');
  await page.waitForTimeout(200);
  await page.context().close();
  return { lane, scripts, errors };
}

/** Runs a canary of `version` with both cohorts visiting, then the judge once. */
async function canaryJudged(version: string) {
  expect(await promote(`remote-home@${version}`, '--canary', '10')).toMatchObject({ code: 0 });
  const id = pointer().canary?.id ?? '';
  await pollUntil(scaled(15_000), async () => {
    const html = await (
      await fetch(siteUrl('/'), { headers: { cookie: `__session=${cohortCookie('c', id)}` } })
    ).text();
    return html.includes('"lane":"canary"') ? true : undefined;
  });
  const canary = [];
  const live = [];
  for (let round = 0; round < 6; round++) {
    canary.push(await visit(cohortCookie('c', id)));
    live.push(await visit(cohortCookie('l', id)));
  }
  // The aggregates are written every half second here.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return { id, canary, live, judged: await judge() };
}

/** The judge's decision, as its JSON log line says it. */
const decisionLine = (out: string) =>
  out
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    })
    .find((line) => typeof line.message === 'string' && /rolled back/i.test(line.message));

describe('the canary judge', () => {
  it('rolls back a candidate whose Home page throws in the browser; visitors outside never saw it', async () => {
    const { id, canary, live, judged } = await canaryJudged(releases.candidate);
    expect(canary.every((v) => v.lane === 'canary')).toBe(true);
    // The live visitors ran only the live release, cleanly.
    for (const visitor of live) {
      expect(visitor.lane).toBe('live');
      expect(visitor.errors).toEqual([]);
      expect(visitor.scripts.filter((url) => url.includes(`/${releases.candidate}/`))).toEqual([]);
    }
    expect(judged.code).toBe(3);
    const line = decisionLine(judged.out);
    expect(line).toMatchObject({ severity: expect.any(String), canary: id });
    expect(JSON.stringify(line)).toMatch(/error/i);
    expect(pointer().canary).toBeUndefined();
    expect(history().at(-1)).toMatchObject({ action: 'canary-rollback' });
    expect(history().at(-1)?.reasons?.join(' ')).toMatch(/error/i);
    // The canary's visitors are served the live set again.
    await pollUntil(scaled(15_000), async () => {
      const html = await (
        await fetch(siteUrl('/'), { headers: { cookie: `__session=${cohortCookie('c', id)}` } })
      ).text();
      return html.includes('"lane":"live"') ? true : undefined;
    });
  }, 300_000);

  it('rolls back a candidate that is only slower, on p75 INP, with its figures in the log', async () => {
    const { canary, live, judged } = await canaryJudged(slow);
    expect(canary.every((v) => v.lane === 'canary' && v.errors.length === 0)).toBe(true);
    expect(live.every((v) => v.lane === 'live')).toBe(true);
    expect(judged.code).toBe(3);
    const line = decisionLine(judged.out);
    expect(JSON.stringify(line?.reasons)).toMatch(/INP/);
    const figures = line?.figures as {
      live: { inpP75: number; inpSamples: number };
      canary: { inpP75: number; inpSamples: number };
    };
    expect(figures.canary.inpSamples).toBeGreaterThanOrEqual(3);
    expect(figures.canary.inpP75).toBeGreaterThan(figures.live.inpP75);
    expect(history().at(-1)).toMatchObject({ action: 'canary-rollback' });
    expect(pointer().canary).toBeUndefined();
  }, 300_000);
});
