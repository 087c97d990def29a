import { clearEmulator } from '../support/emulators/firestore';
import { storedDocuments, sumOf } from '../support/emulators/stored-documents';
import { send, sendUnfinished } from '../support/field-data/beacon-requests';
import { expectedSums, storedSums, type Sent } from '../support/field-data/beacon-sums';
import {
  beacon,
  captureBeaconLines,
  info,
  projectId,
  set,
  startIntake,
  type Intake,
} from '../support/field-data/intake-harness';

/**
 * The render server's beacon intake over real HTTP, adding to the real Firestore emulator:
 * valid beacons become per-minute documents of counts and histogram buckets, one log line
 * each; hostile ones are refused with their status, counted, stored as refusals, never logged.
 */
let intake: Intake;
let port: number;
let beaconLines: ReturnType<typeof captureBeaconLines>;

beforeEach(async () => {
  await clearEmulator(projectId);
  beaconLines = captureBeaconLines();
  intake = await startIntake();
  port = intake.port;
});

afterEach(async () => {
  await intake.close();
  jest.restoreAllMocks();
});

it('stores valid beacons as per-minute counts and histogram buckets, one log line each', async () => {
  const sent: Sent[] = [
    { route: '/', metrics: { LCP: 1200, CLS: 0.02 }, errors: 1 },
    { route: '/', view: false, metrics: { INP: 180, LCP: 1190 }, tapsCaptured: 2, tapsReplayed: 2 },
    { route: '/about', metrics: { LCP: 3100, INP: 40 }, failedLoads: 1 },
  ];
  for (const [i, b] of sent.entries())
    expect((await send(port, { client: `203.0.113.${i}`, body: beacon(b) })).status).toBe(204);
  await intake.fieldData.flush();
  const stored = await storedDocuments(projectId, 'fieldData');
  for (const route of ['/', '/about']) {
    const docs = stored.filter((doc) => doc.fields.route === route);
    expect(docs[0]?.fields).toMatchObject({ set, route, ...info });
    expect(storedSums(docs)).toEqual(expectedSums(sent.filter((b) => b.route === route)));
  }
  expect(beaconLines().map((line) => [line.route, line.lane, line.canary, line.metrics])).toEqual(
    sent.map((b) => [b.route, info.lane, info.canary, b.metrics]),
  );
});

it('refuses hostile beacons with their status, counts them, and logs none of them', async () => {
  const hostile: Array<[string, number, Parameters<typeof send>[1]]> = [
    [
      'too-large',
      413,
      { client: '198.51.100.1', body: beacon({ attribution: { error: 'x'.repeat(5000) } }) },
    ],
    ['bad-shape', 400, { client: '198.51.100.2', body: beacon({ metrics: { LCP: '1200' } }) }],
    ['bad-shape', 400, { client: '198.51.100.3', body: beacon({ cookie: 'x' }) }],
    ['bad-shape', 400, { client: '198.51.100.4', body: beacon({ route: '/made-up' }) }],
    ['unknown-set', 422, { client: '198.51.100.5', body: beacon({ set: '0123456789ab' }) }],
    ['not-json', 400, { client: '198.51.100.6', body: '{"v":1,' }],
    [
      'wrong-type',
      415,
      {
        client: '198.51.100.7',
        body: beacon(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    ],
    ['wrong-method', 405, { client: '198.51.100.8', method: 'GET' }],
  ];
  for (const [reason, status, sending] of hostile) {
    const answer = await send(port, sending);
    expect([reason, answer.status, answer.body.trim(), answer.headers['cache-control']]).toEqual([
      reason,
      status,
      reason,
      'no-store',
    ]);
  }
  // Declared too long: refused before a byte of the body; streamed too long: cut off, closed.
  expect(await sendUnfinished(port, '198.51.100.9', { declared: 5000, bytes: 0 })).toEqual({
    status: 413,
    closed: true,
  });
  expect(await sendUnfinished(port, '198.51.100.10', { bytes: 8192 })).toEqual({
    status: 413,
    closed: true,
  });
  // A flood from one client: its burst, then 429; another client is still heard at once.
  const flood = await Promise.all(
    Array.from({ length: 60 }, () => send(port, { client: '192.0.2.66', body: beacon() })),
  );
  expect(flood.filter((a) => a.status === 204)).toHaveLength(20);
  expect(flood.filter((a) => a.status === 429)).toHaveLength(40);
  expect((await send(port, { client: '192.0.2.67', body: beacon() })).status).toBe(204);
  const expected = {
    'too-large': 3,
    'bad-shape': 3,
    'unknown-set': 1,
    'not-json': 1,
    'wrong-type': 1,
    'wrong-method': 1,
    'rate-limited': 40,
  };
  expect(intake.fieldData.refused()).toEqual(expected);
  await intake.fieldData.flush();
  const refused = await storedDocuments(projectId, 'fieldDataRefused');
  expect(
    Object.fromEntries(Object.keys(expected).map((reason) => [reason, sumOf(refused, reason)])),
  ).toEqual(expected);
  expect(sumOf(await storedDocuments(projectId, 'fieldData'), 'beacons')).toBe(21);
  expect(beaconLines()).toHaveLength(21);
});
