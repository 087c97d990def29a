/**
 * @jest-environment node
 */
import { maxWritesPerCommit } from '../aggregator';
import { aggregatorFixture, beacon, endFixture, info, type Fixture } from './aggregator-fixture';

/** The aggregator's sums and batches, over a fake commit. */
let f: Fixture;
beforeEach(() => {
  f = aggregatorFixture();
});
afterEach(() => endFixture(f));

it('sums the beacons of a minute, set and route into one write of increments (a beacon with errors counts one)', async () => {
  f.aggregator.addBeacon(beacon({ metrics: { LCP: 1200, CLS: 0.05 }, errors: 2 }), info);
  f.aggregator.addBeacon(
    beacon({ view: false, metrics: { LCP: 1210, INP: 80 }, tapsCaptured: 3, tapsReplayed: 2 }),
    info,
  );
  await jest.advanceTimersByTimeAsync(5000);
  expect(f.commits).toEqual([
    [
      {
        path: 'fieldData/2026-11-24T12:00Z_a1b2c3d4e5f6_~',
        fields: { minute: '2026-11-24T12:00Z', set: 'a1b2c3d4e5f6', route: '/', ...info },
        mask: ['minute', 'set', 'route', 'lane', 'canary', 'releases'],
        // LCP 1200 and 1210 share bucket 49 (5·1.12^48 ≈ 1155 to 1294); CLS 0.05 is 50 thousandths.
        increments: {
          beacons: 2,
          views: 1,
          errors: 1,
          failedLoads: 0,
          tapsCaptured: 3,
          tapsReplayed: 2,
          'lcp.b49': 2,
          'cls.b21': 1,
          'inp.b25': 1,
        },
        // When the minute's last beacon came (the fake clock's now): a maximum across instances.
        maximums: { lastAt: Date.parse('2026-11-24T12:00:10Z') },
      },
    ],
  ]);
});

it('keeps minutes and routes apart, and counts refusals per minute by reason', async () => {
  f.aggregator.addBeacon(beacon(), info);
  f.aggregator.addBeacon(beacon({ route: '/about' }), info);
  f.aggregator.addRefusal('too-large');
  f.aggregator.addRefusal('too-large');
  f.aggregator.addRefusal('not-json');
  jest.setSystemTime(new Date('2026-11-24T12:01:00Z'));
  f.aggregator.addBeacon(beacon(), info);
  await f.aggregator.flush();
  const paths = f.commits.flat().map((write) => write.path);
  expect(paths.sort()).toEqual([
    'fieldData/2026-11-24T12:00Z_a1b2c3d4e5f6_~',
    'fieldData/2026-11-24T12:00Z_a1b2c3d4e5f6_~about',
    'fieldData/2026-11-24T12:01Z_a1b2c3d4e5f6_~',
    'fieldDataRefused/2026-11-24T12:00Z',
  ]);
  const refused = f.commits.flat().find((write) => write.path.startsWith('fieldDataRefused/'));
  expect(refused).toEqual({
    path: 'fieldDataRefused/2026-11-24T12:00Z',
    fields: { minute: '2026-11-24T12:00Z' },
    mask: ['minute'],
    increments: { '`too-large`': 2, '`not-json`': 1 },
  });
  expect(f.lines.join('')).toContain('"accepted":3,"refused":{"too-large":2,"not-json":1}');
});

it('splits more than 500 writes into commits of at most 500', async () => {
  const sets = Array.from({ length: 1201 }, (_, i) => i.toString(16).padStart(12, '0'));
  for (const set of sets) f.aggregator.addBeacon(beacon({ set }), info);
  await f.aggregator.flush();
  expect(f.commits.map((writes) => writes.length)).toEqual([maxWritesPerCommit, 500, 201]);
  expect(new Set(f.commits.flat().map((write) => write.path)).size).toBe(1201);
});

it('writes nothing when nothing happened, and what is left on stop', async () => {
  await jest.advanceTimersByTimeAsync(20_000);
  expect(f.commits).toEqual([]);
  expect(f.lines).toEqual([]);
  f.aggregator.addBeacon(beacon(), info);
  await f.aggregator.stop();
  expect(f.commits.flat()).toHaveLength(1);
});

it("marks both lanes' visitors, and keeps each visitor's worst INP and LCP with a maximum", async () => {
  const mark = 'c0a1b2c3d4e5f';
  f.aggregator.addBeacon(beacon({ metrics: { LCP: 1200.4, INP: 80 } }), info, {
    logged: true,
    cut: false,
    client: mark,
  });
  await jest.advanceTimersByTimeAsync(1000);
  const receivedAt = Date.now();
  f.aggregator.addBeacon(beacon({ view: false, metrics: { INP: 310 }, errors: 1 }), info, {
    logged: true,
    cut: false,
    client: mark,
  });
  const preview = { ...info, lane: 'preview' } as const;
  f.aggregator.addBeacon(beacon({ set: 'ffffffffffff', metrics: { INP: 90 } }), preview, {
    logged: true,
    cut: false,
    client: mark,
  });
  await jest.advanceTimersByTimeAsync(5000);
  const [live, previewWrite] = f.commits.flat();
  expect(live?.increments).toMatchObject({ [`clients.${mark}`]: 1, [`badClients.${mark}`]: 1 });
  // And when the minute's last beacon came: the live alarm tells two sets of a minute apart.
  expect(live?.maximums).toEqual({
    [`inpWorst.${mark}`]: 310,
    [`lcpWorst.${mark}`]: 1200,
    lastAt: receivedAt,
  });
  // A preview's visitors are nobody's comparison: not marked.
  expect(previewWrite?.path).toContain('ffffffffffff');
  expect(previewWrite?.maximums).toEqual({ lastAt: receivedAt });
  expect(Object.keys(previewWrite?.increments ?? {}).some((key) => key.includes(mark))).toBe(false);
});
