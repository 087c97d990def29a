/**
 * @jest-environment node
 */
import { createAggregator, type Aggregator } from '../aggregator';
import type { CreateOnly, CreateOutcome } from '../firestore-rest';
import { aggregatorFixture, beacon, endFixture, info, type Fixture } from './aggregator-fixture';

/**
 * The aggregator's claims of views' parts (one create-only document each, written at the flush
 * before the sums), over a fake store that remembers what was created, as every instance's one
 * store would.
 */
let f: Fixture;
let aggregator: Aggregator;
/** Documents created so far, and the batch writes asked for. */
let created: Set<string>;
let calls: (readonly CreateOnly[])[];
/** What the next calls do: throw (the store down), or answer some claims `retry`. */
let failCalls: number;
let retryPaths: Set<string>;

const voidAt = Date.parse('2026-11-24T14:01:10Z');
const view = (id: string) => ({ id: id.padEnd(16, 'x'), voidAt });

beforeEach(() => {
  f = aggregatorFixture();
  created = new Set();
  calls = [];
  failCalls = 0;
  retryPaths = new Set();
  aggregator = createAggregator({
    commit: f.commit,
    flushMs: 5000,
    maxPendingMinutes: 2,
    async createEach(documents) {
      if (failCalls > 0) {
        failCalls -= 1;
        throw new Error('store down');
      }
      calls.push(documents);
      return documents.map(({ path }): CreateOutcome => {
        if (retryPaths.has(path)) return 'retry';
        if (created.has(path)) return 'exists';
        created.add(path);
        return 'created';
      });
    },
  });
});
afterEach(async () => {
  await aggregator.stop();
  await endFixture(f);
});

/** The increments committed to `field`, or to every field under it ("lcp": each bucket). */
const sum = (field: string) =>
  f.commits
    .flat()
    .flatMap((write) => Object.entries(write.increments))
    .filter(([path]) => path === field || path.startsWith(`${field}.`))
    .reduce((total, [, by]) => total + by, 0);

it('counts a part once whichever instance claimed it first, costing no other beacon', async () => {
  // Another instance counted this view's view and error already.
  created.add('fieldDataViews/replayedxxxxxxxx.view');
  created.add('fieldDataViews/replayedxxxxxxxx.error');
  const notes = { logged: true, cut: false, client: 'c0000010000aa' };
  aggregator.addBeacon(beacon({ errors: 1, metrics: { LCP: 1200 } }), info, {
    ...notes,
    view: view('replayed'),
  });
  for (const id of ['one', 'two'])
    aggregator.addBeacon(beacon({ errors: 1 }), info, { ...notes, view: view(id) });
  await aggregator.flush();
  // One call for the three beacons' parts, each with its view's expiry.
  expect(calls.map((documents) => documents.length)).toEqual([7]);
  expect(calls[0]?.[0]).toEqual({
    path: 'fieldDataViews/replayedxxxxxxxx.view',
    expireAt: { field: 'expireAt', at: voidAt },
  });
  // Every beacon counts as a beacon; the replayed view adds only its LCP.
  expect(['beacons', 'views', 'errors', 'lcp'].map(sum)).toEqual([3, 2, 2, 1]);
  expect(sum('clients.c0000010000aa')).toBe(2);
});

it('keeps held beacons while the store is down and claims them once it is back', async () => {
  failCalls = 1;
  aggregator.addBeacon(beacon({ errors: 1 }), info, {
    logged: true,
    cut: false,
    view: view('held'),
  });
  await aggregator.flush();
  // The beacon waits whole with its claims: nothing of it is stored yet.
  expect([calls.length, f.commits.length]).toEqual([0, 0]);
  await aggregator.flush();
  expect(['beacons', 'views', 'errors'].map(sum)).toEqual([1, 1, 1]);
  // Claimed once, however many flushes it waited.
  await aggregator.flush();
  expect(calls.flat().map((document) => document.path)).toEqual([
    'fieldDataViews/heldxxxxxxxxxxxx.view',
    'fieldDataViews/heldxxxxxxxxxxxx.error',
  ]);
});

it('tries a claim whose write failed alone again, a bounded number of flushes', async () => {
  retryPaths.add('fieldDataViews/flakyxxxxxxxxxxx.error');
  aggregator.addBeacon(beacon({ errors: 1 }), info, {
    logged: true,
    cut: false,
    view: view('flaky'),
  });
  for (let flush = 0; flush < 5; flush += 1) await aggregator.flush();
  expect(calls.map((documents) => documents.map((document) => document.path))).toEqual([
    ['fieldDataViews/flakyxxxxxxxxxxx.view', 'fieldDataViews/flakyxxxxxxxxxxx.error'],
    ['fieldDataViews/flakyxxxxxxxxxxx.error'],
    ['fieldDataViews/flakyxxxxxxxxxxx.error'],
  ]);
  expect(['views', 'errors'].map(sum)).toEqual([1, 0]);
});

it('claims whole beacons in calls of at most 500 writes', async () => {
  for (let index = 0; index < 300; index += 1)
    aggregator.addBeacon(beacon({ errors: 1 }), info, {
      logged: true,
      cut: false,
      view: view(`v${index}`),
    });
  await aggregator.flush();
  expect(calls.map((documents) => documents.length)).toEqual([500, 100]);
  expect(['beacons', 'views', 'errors'].map(sum)).toEqual([300, 300, 300]);
});
