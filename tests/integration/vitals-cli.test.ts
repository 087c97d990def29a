import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { minuteOf, refusalsCollection } from '../../platform/field-data/aggregates.cjs';
import { bucketOf, upperBoundOf } from '../../platform/field-data/histogram.cjs';
import { clearEmulator, emulatorAddress } from '../support/emulators/firestore';
import { emptyMinute, histogramOf, seedAggregates, times } from '../support/field-data-seed';

const run = promisify(execFile);
const cli = path.join(__dirname, '../../tools/vitals/vitals.mjs');
const projectId = 'demo-vitals-test';
const emulator = emulatorAddress();

let admin: App;
let db: Firestore;

const now = Date.now();
const minutesAgo = (count: number) => minuteOf(now - count * 60_000);
const home = { 'remote-home': '1.0.0', 'remote-contact': '1.0.0', 'remote-shared': '1.0.0' };

async function vitals(...args: string[]) {
  return run(
    process.execPath,
    [cli, '--emulator', `${emulator.host}:${emulator.port}`, '--project', projectId, ...args],
    { encoding: 'utf8' },
  );
}

beforeAll(async () => {
  admin = initializeApp({ projectId }, 'vitals-cli-test');
  db = getFirestore(admin);
  await clearEmulator(projectId);
  await seedAggregates(db, [
    // Two minutes of "/" on the live set: p75 only right if both are merged.
    emptyMinute({
      minute: minutesAgo(10),
      releases: home,
      views: 20,
      beacons: 25,
      errors: 1,
      tapsCaptured: 3,
      tapsReplayed: 2,
      lcp: histogramOf('LCP', times(20, 1000)),
      inp: histogramOf('INP', times(8, 80)),
      cls: histogramOf('CLS', times(20, 0.01)),
    }),
    emptyMinute({
      minute: minutesAgo(5),
      releases: home,
      views: 20,
      beacons: 22,
      errors: 3,
      failedLoads: 2,
      lcp: { ...histogramOf('LCP', [...times(10, 1000), ...times(10, 4000)]) },
      inp: histogramOf('INP', times(8, 400)),
    }),
    // The same route on a canary set.
    emptyMinute({
      minute: minutesAgo(5),
      set: 'bbbbbbbbbbbb',
      lane: 'canary',
      canary: 'abcdef0123456789',
      releases: { ...home, 'remote-home': '2.0.0' },
      views: 4,
      beacons: 4,
      errors: 2,
    }),
    emptyMinute({ minute: minutesAgo(3), route: '/contact', releases: home, views: 7, beacons: 7 }),
    // Two hours ago: outside the default window.
    emptyMinute({ minute: minutesAgo(120), route: '/old', releases: home, views: 99, beacons: 99 }),
  ]);
  await db.doc(`${refusalsCollection}/${minutesAgo(4)}`).set({ 'bad-shape': 3, 'too-large': 1 });
  await db
    .doc(`${refusalsCollection}/${minutesAgo(2)}`)
    .set({ 'bad-shape': 2, minute: minutesAgo(2) });
  await db.doc(`${refusalsCollection}/${minutesAgo(200)}`).set({ 'rate-limited': 50 });
});

afterAll(() => deleteApp(admin));

/** The p75 a histogram bucket reports for a value: its upper bound. */
const bucketed = (metric: 'LCP' | 'INP', value: number) =>
  upperBoundOf(metric, bucketOf(metric, value));

describe('npm run vitals', () => {
  it('--json: figures per route and set over the last hour, p75 from the merged minutes', async () => {
    const { stdout } = await vitals('--json');
    const report = JSON.parse(stdout);
    expect(
      report.groups.map((group: { route: string; lane: string }) => [group.route, group.lane]),
    ).toEqual([
      ['/', 'live'],
      ['/', 'canary'],
      ['/contact', 'live'],
    ]);
    const [live, canary] = report.groups;
    // LCP: 30 samples of 1000 ms and 10 of 4000 ms: the 30th of 40 (p75) is 1000's bucket.
    // INP: 8 of 80 ms, 8 of 400 ms: the 12th of 16 is 400's.
    expect(live).toMatchObject({
      set: 'aaaaaaaaaaaa',
      releases: home,
      firstMinute: minutesAgo(10),
      lastMinute: minutesAgo(5),
      figures: {
        views: 40,
        beacons: 47,
        errors: 4,
        errorRate: 0.1,
        failedLoadRate: 0.05,
        lcpP75: bucketed('LCP', 1000),
        lcpSamples: 40,
        inpP75: bucketed('INP', 400),
        inpSamples: 16,
        clsSamples: 20,
        tapsCaptured: 3,
        tapsReplayed: 2,
      },
    });
    expect(live.figures.lcpP75).toBeLessThan(1120);
    expect(live.figures.clsP75).toBeCloseTo(0.0112, 3);
    expect(canary).toMatchObject({
      canary: 'abcdef0123456789',
      releases: { 'remote-home': '2.0.0' },
      figures: { views: 4, errorRate: 0.5, lcpP75: null, lcpSamples: 0 },
    });
    expect(report.refused).toEqual({ 'bad-shape': 5, 'too-large': 1 });
  });

  it('prints the same for people, with the refused beacons by reason', async () => {
    const { stdout } = await vitals();
    expect(stdout).toContain(`/  set aaaaaaaaaaaa  live  ${minutesAgo(10)} – ${minutesAgo(5)}`);
    expect(stdout).toContain('remote-home@1.0.0 remote-contact@1.0.0 remote-shared@1.0.0');
    expect(stdout).toContain(
      `p75 LCP ${Math.round(bucketed('LCP', 1000))} ms (40), INP ${Math.round(bucketed('INP', 400))} ms (16)`,
    );
    expect(stdout).toContain('errors 4 (10.0 % of views), failed loads 2 (5.0 %)');
    expect(stdout).toContain('/  set bbbbbbbbbbbb  canary (canary abcdef0123456789)');
    expect(stdout).toContain('Beacons refused: bad-shape 5, too-large 1');
    expect(stdout).not.toContain('/old');
  });

  it('--since 3h and --from/--until choose the window', async () => {
    const wide = JSON.parse((await vitals('--since', '3h', '--json')).stdout);
    expect(wide.groups.map((group: { route: string }) => group.route)).toContain('/old');
    const from = new Date(now - 121 * 60_000).toISOString();
    const until = new Date(now - 119 * 60_000).toISOString();
    const narrow = JSON.parse((await vitals('--from', from, '--until', until, '--json')).stdout);
    expect(narrow.groups).toHaveLength(1);
    expect(narrow.groups[0]).toMatchObject({ route: '/old', figures: { views: 99 } });
    expect(narrow.refused).toEqual({});
  });

  it('answers mistakes with exit code 2', async () => {
    for (const args of [
      ['--since', 'an hour'],
      ['--from', 'yesterday'],
      ['--since', '1h', '--from', '2026-01-01'],
      ['--bogus'],
    ])
      await expect(vitals(...args)).rejects.toMatchObject({ code: 2 });
  });
});
