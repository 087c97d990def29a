/**
 * @jest-environment node
 */
import { createAggregator } from '../aggregator';
import { aggregatorFixture, beacon, endFixture, info, type Fixture } from './aggregator-fixture';

/** The aggregator while the store fails: what it keeps, drops and says, over a fake commit. */
let f: Fixture;
beforeEach(() => {
  f = aggregatorFixture();
});
afterEach(() => endFixture(f));

it('keeps what a failed commit held and adds it at the next flush', async () => {
  for (const set of Array.from({ length: 600 }, (_, i) => i.toString(16).padStart(12, '0')))
    f.aggregator.addBeacon(beacon({ set }), info);
  f.aggregator.addBeacon(beacon({ set: '000000000000' }), info);
  f.failNext = 1;
  await f.aggregator.flush();
  expect(f.commits).toEqual([]);
  f.aggregator.addBeacon(beacon({ set: '000000000000' }), info);
  await jest.advanceTimersByTimeAsync(5000);
  expect(f.commits.map((writes) => writes.length)).toEqual([500, 100]);
  const first = f.commits.flat().find((write) => write.path.includes('_000000000000_'));
  expect(first?.increments.beacons).toBe(3);
  expect(f.commits.flat().reduce((sum, write) => sum + (write.increments.beacons ?? 0), 0)).toBe(
    602,
  );
});

it('keeps only the newest minutes while the store stays down, and says so once', async () => {
  f.failNext = Infinity;
  for (const minute of ['12:00', '12:01', '12:02', '12:03']) {
    jest.setSystemTime(new Date(`2026-11-24T${minute}:30Z`));
    f.aggregator.addBeacon(beacon(), info);
    await f.aggregator.flush();
  }
  f.failNext = 0;
  await f.aggregator.flush();
  expect(f.commits.flat().map((write) => write.path)).toEqual([
    'fieldData/2026-11-24T12:02Z_a1b2c3d4e5f6_~',
    'fieldData/2026-11-24T12:03Z_a1b2c3d4e5f6_~',
  ]);
  const said = (text: string) => f.lines.filter((line) => line.includes(text)).length;
  expect(said('Field data not stored')).toBe(1);
  expect(said('Field data dropped')).toBe(1);
  expect(f.lines.find((line) => line.includes('stored again'))).toContain('"droppedMinutes":2');
  expect(said('Field data stored again')).toBe(1);
});

it('runs one flush at a time: stop waits for a failing flush and sends what it kept', async () => {
  let failFirst: (error: Error) => void = () => undefined;
  let calls = 0;
  const slow = createAggregator({
    commit: (writes) => {
      calls += 1;
      if (calls > 1) return f.commit(writes);
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
  expect(f.commits.flat().map((write) => write.increments.beacons)).toEqual([2]);
});

it('does not send a batch again when a later batch of the same flush fails', async () => {
  let calls = 0;
  const partial = createAggregator({
    commit: (writes) =>
      ++calls === 2 ? Promise.reject(new Error('store down')) : f.commit(writes),
    flushMs: 5000,
    maxPendingMinutes: 2,
  });
  for (const set of Array.from({ length: 600 }, (_, i) => i.toString(16).padStart(12, '0')))
    partial.addBeacon(beacon({ set }), info);
  await partial.flush();
  await partial.stop();
  expect(f.commits.map((writes) => writes.length)).toEqual([500, 100]);
  expect(new Set(f.commits.flat().map((write) => write.path)).size).toBe(600);
});
