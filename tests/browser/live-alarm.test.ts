import fs from 'node:fs';
import path from 'node:path';
import {
  releasesWithCandidate,
  type CandidateReleases,
} from '../support/browser/candidate-release';
import { releaseCommand } from '../support/browser/release-commands';
import { emulator, openPage, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';
import { pollUntil } from '../support/browser/poll-until';
import { watchServerLog } from '../support/browser/server-log';
import { scaled } from '../support/time-factor';

/**
 * The live alarm: a remote-home release whose Home throws only in the browser (its server
 * render is clean, so the site serves it as a cacheable 200) is forced live. Visitors' field
 * data of the set after the promote is compared with the set's before it: the jump in erring
 * visitors is raised in the render server's log (one line naming the set and the route), by
 * `npm run vitals` and in the release record, with the command that rolls it back, within 5
 * minutes of the promote.
 */
const failure = 'Home breaks only in the browser';

let releases: CandidateReleases;

beforeAll(async () => {
  releases = await releasesWithCandidate((source) => {
    const file = path.join(source, 'src', 'home', 'home-page.tsx');
    const code = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      code
        .replace(
          "import { Suspense } from 'react';",
          "import { Suspense, useEffect } from 'react';",
        )
        .replace(
          'export function HomePage() {',
          `export function HomePage() {\n  useEffect(() => {\n    throw new Error(${JSON.stringify(failure)});\n  }, []);`,
        ),
    );
  }, 'firstday-live-alarm-');
}, 420_000);

// Every visitor here comes from one address (a page's last beacon leaves without a test's
// X-Forwarded-For): each view counts as a visitor, and this one look may spend a level of its
// own, as the browser canary-judge test's judge does.
const policy = JSON.stringify({
  falseRollbackRate: 0.05,
  horizonMs: 5 * 60_000,
  minClients: 1,
  minNetworks: 0,
  visitorsByAddress: 0,
});

const ctx = setUpSiteAndBrowser(() => ({
  dirs: { 'remote-home': path.join(releases.dir, 'remote-home') },
  remotesJson: path.join(releases.dir, 'remotes.json'),
  renderEnv: {
    REMOTE_POLL_MS: '500',
    FIELD_DATA_FLUSH_MS: '500',
    LOG_FORMAT: 'json',
    FIELD_DATA_CLIENT_ERROR_VIEWS: '1000',
    LIVE_ALARM_POLICY: policy,
  },
}));

afterAll(() => fs.rmSync(releases.dir, { recursive: true, force: true }));

const serverLog = watchServerLog();
const env = { FIRSTDAY_RELEASER: 'remote-home team' };

/** One visit to /: the page loads, hydrates (or breaks), and leaves, so its beacon goes out. */
async function visit(): Promise<string[]> {
  // A page that breaks shows its error screen, which still marks the page ready.
  const { page, errors } = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
  await page.goto(siteUrl('/'), { waitUntil: 'load' });
  await page.waitForSelector('html[data-client-ready]', {
    state: 'attached',
    timeout: scaled(20_000),
  });
  await page.waitForLoadState('networkidle');
  await page.goto('about:blank');
  await page.waitForTimeout(200);
  await page.context().close();
  return errors;
}

const alarmLines = () =>
  serverLog
    .lines()
    .filter((line) => typeof line.message === 'string' && line.message.startsWith('Live alarm'));

const visits = 6;

it('raises a browser-only fault forced live within 5 minutes, with the rollback command', async () => {
  const before = [];
  for (let count = 0; count < visits; count++) before.push(await visit());
  expect(before.flat()).toEqual([]);

  const forced = await releaseCommand(
    'promote.mjs',
    [`remote-home@${releases.candidate}`, '--to', releases.dir, '--force', '--reason', 'hotfix'],
    { env },
  );
  expect(forced).toMatchObject({ code: 0 });
  const promotedAt = Date.now();
  await pollUntil(scaled(15_000), async () => {
    const html = await (await fetch(siteUrl('/'))).text();
    return html.includes(releases.manifestOf(releases.candidate)) ? true : undefined;
  });

  for (let count = 0; count < visits; count++) await visit();

  // The render server judges after each flush (every half second here).
  const [line] = await pollUntil(scaled(10_000), async () => {
    const lines = alarmLines();
    return lines.length ? lines : undefined;
  });
  const raisedAfterMs = Date.now() - promotedAt;
  console.log(`live alarm raised ${raisedAfterMs} ms after the forced promote`);
  expect(raisedAfterMs).toBeLessThan(5 * 60_000);
  expect(line).toMatchObject({ severity: 'ERROR', liveAlarm: { routes: ['/'] } });
  expect(String(line?.message)).toContain(
    `npm run promote -- remote-home@${releases.live} --to <release dir> --force`,
  );
  expect(alarmLines()).toHaveLength(1);

  const vitals = await releaseCommand(
    path.join('..', 'vitals', 'vitals.mjs'),
    [
      '--since',
      '15m',
      '--to',
      releases.dir,
      '--policy',
      policy,
      '--emulator',
      `${emulator.host}:${emulator.port}`,
    ],
    { env },
  );
  expect(vitals.code).toBe(0);
  const set = (line?.liveAlarm as { set: string }).set;
  expect(vitals.out).toContain(`Live alarm: set ${set} `);
  const command = `npm run promote -- remote-home@${releases.live} --to ${releases.dir} --force --reason "live alarm: set ${set}"`;
  expect(vitals.out).toContain(command);
  expect(vitals.out).toContain(`Recorded in ${releases.dir}'s release history.`);
  const history = JSON.parse(
    fs.readFileSync(path.join(releases.dir, 'release-history.json'), 'utf8'),
  ) as { action: string; set?: string; routes?: string[]; command?: string; from?: string }[];
  expect(history.filter((entry) => entry.action === 'live-alarm')).toEqual([
    expect.objectContaining({ set, routes: ['/'], command, from: releases.live }),
  ]);

  // The suggested command puts the set before back.
  const rollback = await releaseCommand(
    'promote.mjs',
    [`remote-home@${releases.live}`, '--to', releases.dir, '--force', '--reason', 'live alarm'],
    { env },
  );
  expect(rollback).toMatchObject({ code: 0 });
  await pollUntil(scaled(15_000), async () => {
    const html = await (await fetch(siteUrl('/'))).text();
    return html.includes(releases.manifestOf(releases.live)) ? true : undefined;
  });
}, 300_000);
