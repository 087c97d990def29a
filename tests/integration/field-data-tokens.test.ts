import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { viewTokenPath } from '../../platform/field-data/beacon.cjs';
import { issueViewToken } from '../../platform/field-data/view-token.cjs';
import { clearEmulator } from '../support/emulators/firestore';
import { storedDocuments, sumOf } from '../support/emulators/stored-documents';
import { send } from '../support/field-data/beacon-requests';
import {
  beacon,
  info,
  projectId,
  set,
  startIntake,
  viewTokenKey,
  type Intake,
} from '../support/field-data/intake-harness';

/**
 * Page views' tokens through the real intake into the emulator: a beacon counts only with the
 * token the server gave a page, for that set and lane, unexpired, and each token counts once.
 */
const liveSet = 'f6e5d4c3b2a1';
let intake: Intake;

beforeEach(async () => {
  await clearEmulator(projectId);
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  intake = await startIntake({ [set]: info, [liveSet]: { ...info, lane: 'live' } });
});
afterEach(async () => {
  await intake.close();
  jest.restoreAllMocks();
});

/** A GET of the token path, as a page asks after load. */
function askToken(query: string, method = 'GET') {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: intake.port,
          path: `${viewTokenPath}${query}`,
          method,
          agent: false,
          headers: { 'X-Forwarded-For': '203.0.113.200' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

it("beacons without a served page's token are refused and counted", async () => {
  const given = await askToken(`?set=${set}`);
  expect([given.status, given.headers['cache-control']]).toEqual([200, 'private, no-store']);
  const { token } = JSON.parse(given.body) as { token: string };
  const [signature, ...rest] = token.split('.').reverse();
  const refused: Array<[string, Record<string, unknown>]> = [
    ['no token', { token: undefined }],
    [
      'an altered signature',
      // Its first character changed (to B when it already was A: a 1-in-64 chance otherwise).
      {
        token: [
          ...rest.reverse(),
          `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`,
        ].join('.'),
      },
    ],
    ['another key', { token: issueViewToken(randomBytes(32), { set, lane: 'canary' }) }],
    [
      'a live token on a canary beacon',
      { token: issueViewToken(viewTokenKey, { set, lane: 'live' }) },
    ],
    [
      "another set's token",
      { token: issueViewToken(viewTokenKey, { set: liveSet, lane: 'canary' }) },
    ],
    [
      'an expired token',
      { token: issueViewToken(viewTokenKey, { set, lane: 'canary' }, Date.now() - 3 * 3_600_000) },
    ],
  ];
  const answers = [];
  for (const [index, [what, overrides]] of refused.entries()) {
    const answer = await send(intake.port, {
      client: `198.51.100.${index + 1}`,
      body: beacon({ errors: 1, ...overrides }),
    });
    answers.push([what, answer.status, answer.body.trim()]);
  }
  expect(answers).toEqual(
    refused.map(([what], index) => [what, 403, index === 0 ? 'no-token' : 'bad-token']),
  );
  // The token the server gave is taken.
  const served = await send(intake.port, {
    client: '198.51.100.50',
    body: beacon({ errors: 1, token }),
  });
  expect(served.status).toBe(204);
  expect(intake.fieldData.refused()).toEqual({ 'no-token': 1, 'bad-token': 5 });
  expect(intake.fieldData.issued()).toEqual({ canary: 1 });
  // Only for a set the server served, and only asked for with GET.
  expect((await askToken('?set=0123456789ab')).status).toBe(422);
  expect((await askToken('?set=../x')).status).toBe(400);
  expect((await askToken(`?set=${set}`, 'POST')).status).toBe(405);
  await intake.fieldData.flush();
  const stored = await storedDocuments(projectId, 'fieldData');
  expect([sumOf(stored, 'beacons'), sumOf(stored, 'views'), sumOf(stored, 'errors')]).toEqual([
    1, 1, 1,
  ]);
  // The page served is stored too, for the judge's pages-served check.
  const pages = await storedDocuments(projectId, 'fieldDataServed');
  expect(pages.map((doc) => [doc.fields.set, doc.fields.lane, doc.fields.served])).toEqual([
    [set, 'canary', 1],
  ]);
  const refusals = await storedDocuments(projectId, 'fieldDataRefused');
  expect([sumOf(refusals, 'no-token'), sumOf(refusals, 'bad-token')]).toEqual([1, 5]);
});

it('a replayed token counts once: one view, one error, one failed load, each metric once', async () => {
  const { token } = JSON.parse((await askToken(`?set=${set}`)).body) as { token: string };
  // From 50 clients, so that no client's rate or budget is what stops them.
  for (let index = 0; index < 50; index += 1)
    expect(
      (
        await send(intake.port, {
          client: `192.0.2.${index + 1}`,
          body: beacon({ token, errors: 3, failedLoads: 1, metrics: { LCP: 900 } }),
        })
      ).status,
    ).toBe(204);
  // The page's later beacon still adds what it had not said: its INP.
  await send(intake.port, {
    client: '192.0.2.99',
    body: beacon({ token, view: false, metrics: { INP: 200, LCP: 900 } }),
  });
  await intake.fieldData.flush();
  const stored = await storedDocuments(projectId, 'fieldData');
  expect(
    ['beacons', 'views', 'errors', 'failedLoads'].map((field) => sumOf(stored, field)),
  ).toEqual([51, 1, 1, 1]);
  const bucketCount = (field: string) =>
    stored.reduce(
      (sum, doc) =>
        sum +
        Object.values((doc.fields[field] ?? {}) as Record<string, number>).reduce(
          (a, b) => a + b,
          0,
        ),
      0,
    );
  expect([bucketCount('lcp'), bucketCount('inp')]).toEqual([1, 1]);
});
