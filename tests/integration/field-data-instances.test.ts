import { clearEmulator } from '../support/emulators/firestore';
import { storedDocuments, sumOf, type PlainFields } from '../support/emulators/stored-documents';
import { send } from '../support/field-data/beacon-requests';
import {
  beacon,
  info,
  projectId,
  set,
  startIntake,
  viewToken,
  type Intake,
} from '../support/field-data/intake-harness';
import { startRoundRobinFront, type Front } from '../support/field-data/round-robin-front';

/**
 * Three render instances' intakes, each with its own memory (views seen, budgets), storing into
 * one emulator behind a front that hands requests round-robin: a page view's token replayed to
 * each instance counts once, and the replay costs no other view anything.
 */
let instances: Intake[] = [];
let front: Front;

beforeEach(async () => {
  await clearEmulator(projectId);
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  // Two proxies: the front, and the one the harness's clients name in X-Forwarded-For.
  instances = [];
  for (let index = 0; index < 3; index += 1)
    instances.push(await startIntake({ [set]: info }, { TRUSTED_PROXIES: '2' }));
  front = await startRoundRobinFront(instances.map((instance) => instance.port));
});
afterEach(async () => {
  await front.close();
  await Promise.all(instances.map((instance) => instance.close()));
  jest.restoreAllMocks();
});

/** How many values a histogram field holds over documents. */
const bucketCount = (stored: Array<{ fields: PlainFields }>, field: string) =>
  stored.reduce(
    (sum, doc) =>
      sum +
      Object.values((doc.fields[field] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0),
    0,
  );

it('a token replayed to each of three instances counts once, and other views still count', async () => {
  const replayed = viewToken();
  const erring = { errors: 2, failedLoads: 1, metrics: { LCP: 1800 } };
  // Round-robin over three with two requests a round: the replay reaches instances 1, 3 and 2,
  // each with a fresh erring view next to it in the same flush (its claim must not cost theirs);
  // then the page's later beacon (its INP, new) reaches instance 1 again.
  const sent = [];
  for (let round = 0; round < 3; round += 1) {
    sent.push(
      await send(front.port, {
        client: '203.0.113.7',
        body: beacon({ token: replayed, ...erring }),
      }),
    );
    sent.push(
      await send(front.port, { client: `198.51.100.${round + 1}`, body: beacon({ errors: 1 }) }),
    );
  }
  sent.push(
    await send(front.port, {
      client: '203.0.113.7',
      body: beacon({ token: replayed, view: false, metrics: { INP: 240, LCP: 1800 } }),
    }),
  );
  expect(sent.map((answer) => answer.status)).toEqual(sent.map(() => 204));
  expect(front.handed).toEqual([3, 2, 2]);
  for (const instance of instances) await instance.fieldData.flush();
  const stored = await storedDocuments(projectId, 'fieldData');
  expect(
    ['beacons', 'views', 'errors', 'failedLoads'].map((field) => sumOf(stored, field)),
  ).toEqual([7, 4, 4, 1]);
  expect([bucketCount(stored, 'lcp'), bucketCount(stored, 'inp')]).toEqual([1, 1]);
  // The judge's visitor counts hold the replaying client once.
  const clients = stored.flatMap((doc) =>
    Object.entries((doc.fields.clients ?? {}) as Record<string, number>),
  );
  expect(clients.reduce((sum, [, views]) => sum + views, 0)).toBe(4);
  // One create-only claim per view and part, each with its expiry for the TTL policy.
  const claims = await storedDocuments(projectId, 'fieldDataViews');
  const replayedId = replayed.split('.')[3] ?? '';
  expect(
    claims
      .filter((claim) => claim.id.startsWith(`${replayedId}.`))
      .map((claim) => claim.id.slice(replayedId.length + 1))
      .sort(),
  ).toEqual(['error', 'failedLoad', 'inp', 'lcp', 'view']);
  expect(claims).toHaveLength(5 + 3 * 2);
  for (const claim of claims)
    expect(Date.parse(String(claim.fields.expireAt))).toBeGreaterThan(Date.now());
});
