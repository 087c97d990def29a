import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bucketOf } from '../../platform/field-data/histogram.cjs';
import type {
  FieldData,
  createFieldData as CreateFieldData,
} from '../../render-server/src/field-data';
import { clearEmulator } from '../support/emulators/firestore';
import { storedDocuments, sumOf, type PlainFields } from '../support/emulators/stored-documents';
import { send, sendUnfinished } from '../support/field-data/beacon-requests';

/**
 * The render server's beacon intake over real HTTP, adding to the real Firestore emulator:
 * valid beacons become per-minute documents of counts and histogram buckets, hostile ones are
 * refused with their status and counted, and instances add to the same documents.
 */
const projectId = 'demo-field-data';
const set = 'a1b2c3d4e5f6';
const info = { lane: 'canary', canary: 'canary-7', releases: { 'remote-home': 'r12' } } as const;
const env = {
  FIELD_DATA_PROJECT: projectId,
  FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
  FIELD_DATA_FLUSH_MS: '600000',
  TRUSTED_PROXIES: '1',
};
const beacon = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    v: 1,
    set,
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

let createFieldData: typeof CreateFieldData;
let fieldData: FieldData;
let server: http.Server;
let port: number;
let logged: string[];

beforeAll(async () => {
  process.env.LOG_FORMAT = 'json'; // read when the log module loads: one JSON object a line
  ({ createFieldData } = await import('../../render-server/src/field-data'));
});

beforeEach(async () => {
  await clearEmulator(projectId);
  logged = [];
  jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((line) => (logged.push(String(line)), true));
  fieldData = createFieldData(env, (id) => (id === set ? info : undefined));
  server = http.createServer((req, res) => fieldData.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fieldData.stop();
  jest.restoreAllMocks();
});

const beaconLines = () =>
  logged
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((l) => l.message === 'Field data');

type Sent = {
  route: string;
  view?: boolean;
  metrics: Partial<Record<'LCP' | 'INP' | 'CLS', number>>;
} & Partial<Record<Count, number>>;
const counts = ['errors', 'failedLoads', 'tapsCaptured', 'tapsReplayed'] as const;
type Count = (typeof counts)[number];

/** What documents holding `sent` must add up to, computed from the beacons themselves. */
function expectedSums(sent: readonly Sent[]): Record<string, number> {
  const sums: Record<string, number> = {
    beacons: sent.length,
    views: sent.filter((b) => b.view !== false).length,
  };
  for (const count of counts) sums[count] = sent.reduce((sum, b) => sum + (b[count] ?? 0), 0);
  for (const b of sent)
    for (const [metric, value] of Object.entries(b.metrics) as ['LCP' | 'INP' | 'CLS', number][]) {
      const key = `${metric.toLowerCase()}.${bucketOf(metric, value)}`;
      sums[key] = (sums[key] ?? 0) + 1;
    }
  return sums;
}

/** The same sums read from stored documents (every count, every bucket they hold). */
function storedSums(docs: Array<{ fields: PlainFields }>): Record<string, number> {
  const keys = new Set(['beacons', 'views', ...counts]);
  for (const doc of docs)
    for (const field of ['lcp', 'inp', 'cls'])
      for (const bucket of Object.keys((doc.fields[field] ?? {}) as object))
        keys.add(`${field}.${bucket}`);
  return Object.fromEntries([...keys].map((key) => [key, sumOf(docs, key)]));
}

it('stores valid beacons as per-minute counts and histogram buckets, one log line each', async () => {
  const sent: Sent[] = [
    { route: '/', metrics: { LCP: 1200, CLS: 0.02 }, errors: 1 },
    { route: '/', view: false, metrics: { INP: 180, LCP: 1190 }, tapsCaptured: 2, tapsReplayed: 2 },
    { route: '/about', metrics: { LCP: 3100, INP: 40 }, failedLoads: 1 },
  ];
  for (const [i, b] of sent.entries())
    expect((await send(port, { client: `203.0.113.${i}`, body: beacon(b) })).status).toBe(204);
  await fieldData.flush();
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
  expect(fieldData.refused()).toEqual(expected);
  await fieldData.flush();
  const refused = await storedDocuments(projectId, 'fieldDataRefused');
  expect(
    Object.fromEntries(Object.keys(expected).map((reason) => [reason, sumOf(refused, reason)])),
  ).toEqual(expected);
  expect(sumOf(await storedDocuments(projectId, 'fieldData'), 'beacons')).toBe(21);
  expect(beaconLines()).toHaveLength(21);
});

it("adds two instances' figures for the same minute together, and each flush to the last", async () => {
  const other = createFieldData(env, () => info);
  const fromOther = (body: string) =>
    new Promise<number>((resolve) => {
      const otherServer = http.createServer((req, res) => other.handle(req, res));
      otherServer.listen(0, '127.0.0.1', async () => {
        const answer = await send((otherServer.address() as AddressInfo).port, {
          client: '203.0.113.50',
          body,
        });
        otherServer.close(() => resolve(answer.status));
      });
    });
  const mine: Sent[] = [
    { route: '/', metrics: { LCP: 900 } },
    { route: '/', metrics: { LCP: 950 }, errors: 2 },
  ];
  const theirs: Sent[] = [{ route: '/', view: false, metrics: { LCP: 920, INP: 64 }, errors: 1 }];
  await send(port, { client: '203.0.113.40', body: beacon(mine[0]) });
  await fieldData.flush();
  await send(port, { client: '203.0.113.40', body: beacon(mine[1]) });
  expect(await fromOther(beacon(theirs[0]))).toBe(204);
  await Promise.all([fieldData.flush(), other.stop()]);
  expect(storedSums(await storedDocuments(projectId, 'fieldData'))).toEqual(
    expectedSums([...mine, ...theirs]),
  );
});
