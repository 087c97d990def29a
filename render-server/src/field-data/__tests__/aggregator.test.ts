/**
 * @jest-environment node
 */
import type { Beacon } from '../../../../platform/field-data/beacon.cjs';
import { createAggregator, maxWritesPerCommit, type Aggregator } from '../aggregator';
import type { IncrementWrite } from '../firestore-rest';

const info = { lane: 'live', canary: null, releases: { 'remote-home': 'r7' } } as const;
const beacon = (overrides: Partial<Beacon> = {}): Beacon => ({
  v: 1,
  set: 'a1b2c3d4e5f6',
  route: '/',
  view: true,
  metrics: {},
  errors: 0,
  failedLoads: 0,
  tapsCaptured: 0,
  tapsReplayed: 0,
  attribution: {},
  ...overrides,
});

let commits: (readonly IncrementWrite[])[];
let failNext: number;
let lines: string[];
let aggregator: Aggregator;
const commit = async (writes: readonly IncrementWrite[]) => {
  if (failNext > 0) {
    failNext -= 1;
    throw new Error('store down');
  }
  commits.push(writes);
};

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-24T12:00:10Z') });
  commits = [];
  failNext = 0;
  lines = [];
  const capture = (chunk: string | Uint8Array) => (lines.push(String(chunk)), true);
  jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  aggregator = createAggregator({ commit, flushMs: 5000, maxPendingMinutes: 2 });
});
afterEach(async () => {
  await aggregator.stop();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('sums the beacons of a minute, set and route into one write of increments', async () => {
  aggregator.addBeacon(beacon({ metrics: { LCP: 1200, CLS: 0.05 }, errors: 2 }), info);
  aggregator.addBeacon(
    beacon({ view: false, metrics: { LCP: 1210, INP: 80 }, tapsCaptured: 3, tapsReplayed: 2 }),
    info,
  );
  await jest.advanceTimersByTimeAsync(5000);
  expect(commits).toEqual([
    [
      {
        path: 'fieldData/2026-11-24T12:00Z_a1b2c3d4e5f6_~',
        fields: { minute: '2026-11-24T12:00Z', set: 'a1b2c3d4e5f6', route: '/', ...info },
        mask: ['minute', 'set', 'route', 'lane', 'canary', 'releases'],
        // LCP 1200 and 1210 share bucket 49 (5·1.12^48 ≈ 1155 to 1294); CLS 0.05 is 50 thousandths.
        increments: {
          beacons: 2,
          views: 1,
          errors: 2,
          failedLoads: 0,
          tapsCaptured: 3,
          tapsReplayed: 2,
          'lcp.b49': 2,
          'cls.b21': 1,
          'inp.b25': 1,
        },
      },
    ],
  ]);
});

it('keeps minutes and routes apart, and counts refusals per minute by reason', async () => {
  aggregator.addBeacon(beacon(), info);
  aggregator.addBeacon(beacon({ route: '/about' }), info);
  aggregator.addRefusal('too-large');
  aggregator.addRefusal('too-large');
  aggregator.addRefusal('not-json');
  jest.setSystemTime(new Date('2026-11-24T12:01:00Z'));
  aggregator.addBeacon(beacon(), info);
  await aggregator.flush();
  const paths = commits.flat().map((write) => write.path);
  expect(paths.sort()).toEqual([
    'fieldData/2026-11-24T12:00Z_a1b2c3d4e5f6_~',
    'fieldData/2026-11-24T12:00Z_a1b2c3d4e5f6_~about',
    'fieldData/2026-11-24T12:01Z_a1b2c3d4e5f6_~',
    'fieldDataRefused/2026-11-24T12:00Z',
  ]);
  const refused = commits.flat().find((write) => write.path.startsWith('fieldDataRefused/'));
  expect(refused).toEqual({
    path: 'fieldDataRefused/2026-11-24T12:00Z',
    fields: { minute: '2026-11-24T12:00Z' },
    mask: ['minute'],
    increments: { '`too-large`': 2, '`not-json`': 1 },
  });
  expect(lines.join('')).toContain('"accepted":3,"refused":{"too-large":2,"not-json":1}');
});

it('splits more than 500 writes into commits of at most 500', async () => {
  const sets = Array.from({ length: 1201 }, (_, i) => i.toString(16).padStart(12, '0'));
  for (const set of sets) aggregator.addBeacon(beacon({ set }), info);
  await aggregator.flush();
  expect(commits.map((writes) => writes.length)).toEqual([maxWritesPerCommit, 500, 201]);
  expect(new Set(commits.flat().map((write) => write.path)).size).toBe(1201);
});

it('keeps what a failed commit held and adds it at the next flush', async () => {
  for (const set of Array.from({ length: 600 }, (_, i) => i.toString(16).padStart(12, '0')))
    aggregator.addBeacon(beacon({ set }), info);
  aggregator.addBeacon(beacon({ set: '000000000000' }), info);
  failNext = 1;
  await aggregator.flush();
  expect(commits).toEqual([]);
  aggregator.addBeacon(beacon({ set: '000000000000' }), info);
  await jest.advanceTimersByTimeAsync(5000);
  expect(commits.map((writes) => writes.length)).toEqual([500, 100]);
  const first = commits.flat().find((write) => write.path.includes('_000000000000_'));
  expect(first?.increments.beacons).toBe(3);
  expect(commits.flat().reduce((sum, write) => sum + (write.increments.beacons ?? 0), 0)).toBe(602);
});

it('keeps only the newest minutes while the store stays down, and says so once', async () => {
  failNext = Infinity;
  for (const minute of ['12:00', '12:01', '12:02', '12:03']) {
    jest.setSystemTime(new Date(`2026-11-24T${minute}:30Z`));
    aggregator.addBeacon(beacon(), info);
    await aggregator.flush();
  }
  failNext = 0;
  await aggregator.flush();
  expect(commits.flat().map((write) => write.path)).toEqual([
    'fieldData/2026-11-24T12:02Z_a1b2c3d4e5f6_~',
    'fieldData/2026-11-24T12:03Z_a1b2c3d4e5f6_~',
  ]);
  const said = (text: string) => lines.filter((line) => line.includes(text)).length;
  expect(said('Field data not stored')).toBe(1);
  expect(said('Field data dropped')).toBe(1);
  expect(lines.find((line) => line.includes('stored again'))).toContain('"droppedMinutes":2');
  expect(said('Field data stored again')).toBe(1);
});

it('writes nothing when nothing happened, and what is left on stop', async () => {
  await jest.advanceTimersByTimeAsync(20_000);
  expect(commits).toEqual([]);
  expect(lines).toEqual([]);
  aggregator.addBeacon(beacon(), info);
  await aggregator.stop();
  expect(commits.flat()).toHaveLength(1);
});

it('runs one flush at a time: stop waits for a failing flush and sends what it kept', async () => {
  let failFirst: (error: Error) => void = () => undefined;
  let calls = 0;
  const slow = createAggregator({
    commit: (writes) => {
      calls += 1;
      if (calls > 1) return commit(writes);
      return new Promise((_, reject) => (failFirst = reject));
    },
    flushMs: 5000,
    maxPendingMinutes: 2,
  });
  slow.addBeacon(beacon(), info);
  const first = slow.flush();
  await jest.advanceTimersByTimeAsync(0);
  slow.addBeacon(beacon(), info);
  const stopped = slow.stop();
  failFirst(new Error('store down'));
  await Promise.all([first, stopped]);
  expect(commits.flat().map((write) => write.increments.beacons)).toEqual([2]);
});
