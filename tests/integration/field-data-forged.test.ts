import http from 'node:http';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { minuteOf, type MinuteAggregate } from '../../platform/field-data/aggregates.cjs';
import { clientBudget } from '../../platform/field-data/client-budget.cjs';
import { defaultCanaryPolicy } from '../../platform/releases/canary-judge.cjs';
import { reviewCanary } from '../../platform/releases/canary-review.cjs';
import type { Canary } from '../../platform/remotes/remotes-json.cjs';
import { clearEmulator } from '../support/emulators/firestore';
import { storedDocuments, sumOf } from '../support/emulators/stored-documents';
import { emptyMinute, histogramOf, seedAggregates, times } from '../support/field-data-seed';
import { send } from '../support/field-data/beacon-requests';
import {
  beacon,
  info,
  projectId,
  set,
  startIntake,
  type Intake,
} from '../support/field-data/intake-harness';

/**
 * Forged beacons through the real intake, rate limiter and aggregator into the emulator, then
 * the real judge on what was stored: what one client can and cannot do to a verdict.
 */
const liveSet = 'f6e5d4c3b2a1';
const liveInfo = { ...info, lane: 'live' as const };
let intake: Intake;
let admin: App;
let db: Firestore;

beforeAll(() => {
  admin = initializeApp({ projectId }, 'field-data-forged-test');
  db = getFirestore(admin);
});
afterAll(() => deleteApp(admin));
beforeEach(async () => {
  await clearEmulator(projectId);
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  intake = await startIntake({ [set]: info, [liveSet]: liveInfo });
});
afterEach(async () => {
  await intake.close();
  jest.restoreAllMocks();
});

const canaryStarted = (hoursAgo: number): Canary => ({
  id: info.canary ?? '',
  share: 10,
  startedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
  remotes: {},
  releases: { 'remote-home': 'r12' },
});

/** One lane's stored minute of `views` views, `errors` of them with an error. */
const laneMinute = (
  lane: 'live' | 'canary',
  minute: string,
  views: number,
  errors: number,
): MinuteAggregate =>
  emptyMinute({
    minute,
    set: lane === 'canary' ? set : liveSet,
    route: '/',
    lane,
    canary: info.canary,
    views,
    beacons: views,
    errors,
    lcp: histogramOf('LCP', times(views, 900)),
    inp: histogramOf('INP', times(Math.round(views * 0.4), 120)),
  });

it('a healthy canary plus 2 beacons claiming 100 errors each is not rolled back', async () => {
  const canary = canaryStarted(10);
  // Ten hours at 5,000 views an hour, 10 % on the canary, 0.5 % of views with an error.
  // Over nine minutes: a minute's document keeps a mark per visitor, and Firestore's documents
  // hold at most 1 MiB (about 5,000 visitors' marks).
  const minutes = Array.from({ length: 9 }, (_, index) =>
    minuteOf(Date.now() - 9 * 3_600_000 + index * 60_000),
  );
  await seedAggregates(db, [
    ...minutes.map((minute) => laneMinute('live', minute, 5000, 25)),
    laneMinute('canary', minutes[0] ?? '', 5000, 25),
  ]);
  // The forged beacons' minutes: from this one on (a slow machine may cross into the next).
  const sentFrom = minuteOf(Date.now());
  for (let index = 0; index < 2; index += 1)
    expect(
      (await send(intake.port, { client: '192.0.2.7', body: beacon({ view: false, errors: 100 }) }))
        .status,
    ).toBe(204);
  await intake.fieldData.flush();
  const forged = (await storedDocuments(projectId, 'fieldData')).filter(
    (doc) => String(doc.fields.minute) >= sentFrom,
  );
  expect(sumOf(forged, 'errors')).toBe(2);
  const verdict = await reviewCanary(db, canary, defaultCanaryPolicy);
  expect(verdict.verdict).not.toBe('rollback');
});

it('a canary whose Home throws for every visitor, plus one forged good live beacon a minute, is still rolled back', async () => {
  const canary = canaryStarted(2);
  const minute = minuteOf(Date.now() - 100 * 60_000);
  await seedAggregates(db, [
    laneMinute('live', minute, 180, 1),
    laneMinute('canary', minute, 12, 12),
  ]);
  // An hour of one forged good live beacon a minute, from one address.
  for (let index = 0; index < 60; index += 1)
    await send(intake.port, {
      client: '198.51.100.77',
      body: beacon({ set: liveSet, metrics: { LCP: 400, INP: 16 } }),
    });
  await intake.fieldData.flush();
  const verdict = await reviewCanary(db, canary, defaultCanaryPolicy);
  expect(verdict.verdict).toBe('rollback');
  expect(verdict.reasons.join('\n')).toMatch(/route \/ \(whole run\): .*an error/);
});

it('one network cannot roll a canary back: a dozen erring canary views from one /24 are not a rollback, from four networks they are', async () => {
  const canary = canaryStarted(0.1);
  const minute = minuteOf(Date.now() - 60_000);
  await seedAggregates(db, [laneMinute('live', minute, 180, 1)]);
  const dozen = (network: (index: number) => string) =>
    Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        send(intake.port, { client: network(index), body: beacon({ errors: 1 }) }),
      ),
    );
  // Twelve addresses of one network, each within its budget: each view counts, as it should.
  expect((await dozen((index) => `198.51.100.${index + 1}`)).map((a) => a.status)).toEqual(
    Array(12).fill(204),
  );
  await intake.fieldData.flush();
  const oneNetwork = await reviewCanary(db, canary, defaultCanaryPolicy);
  expect(oneNetwork.verdict).not.toBe('rollback');
  // What is stored names clients by keyed marks, never by address.
  const stored = (await storedDocuments(projectId, 'fieldData')).find(
    (doc) => doc.fields.lane === 'canary',
  );
  expect(Object.keys(stored?.fields.clients as object)).toHaveLength(12);
  expect(JSON.stringify(stored?.fields)).not.toMatch(/198\.51/);
  await dozen((index) => `203.0.${113 + (index % 4)}.${index + 1}`);
  await intake.fieldData.flush();
  const verdict = await reviewCanary(db, canary, defaultCanaryPolicy);
  expect(verdict.verdict).toBe('rollback');
  expect(verdict.reasons.join('\n')).toMatch(/of 15 canary visitors in 5 networks/);
});

/** No refill while a flood runs: however long it takes on a busy machine, exactly a burst gets in. */
const noRefill = { FIELD_DATA_RATE_REFILL_MS: '600000' };

it('1,000 beacons with spoofed X-Forwarded-For from one client count as one client', async () => {
  await intake.close();
  intake = await startIntake({ [set]: info }, noRefill);
  const answers = [];
  for (let index = 0; index < 1000; index += 1)
    answers.push(
      await send(intake.port, {
        // What the client wrote, then what the one trusted proxy appended: its real address.
        client: `10.${index % 250}.${index % 7}.${index % 13}, 203.0.113.50`,
        body: beacon({ errors: 1 }),
      }),
    );
  const accepted = answers.filter((answer) => answer.status === 204).length;
  expect(accepted).toBe(20);
  expect(answers.filter((answer) => answer.status === 429)).toHaveLength(980);
  // Every address of one IPv6 /64 is the same client too.
  const sixes = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      send(intake.port, { client: `2001:db8:7:7::${index.toString(16)}`, body: beacon() }),
    ),
  );
  expect(sixes.filter((answer) => answer.status === 204)).toHaveLength(20);
  await intake.fieldData.flush();
  const stored = await storedDocuments(projectId, 'fieldData');
  expect(sumOf(stored, 'beacons')).toBe(accepted + 20);
  // Of what one client got in, its budget counts at most so many views with an error.
  expect(sumOf(stored, 'errors')).toBe(clientBudget.errorViews);
});

it('with no proxy configured, 1,000 beacons over one connection with spoofed X-Forwarded-For count as one client', async () => {
  await intake.close();
  intake = await startIntake({ [set]: info }, { TRUSTED_PROXIES: '0', ...noRefill });
  // One keep-alive connection (a refusal closes it; the next request opens one from the same
  // address): every X-Forwarded-For is what the client wrote, the socket is who it is.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (index: number) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: intake.port,
          path: '/__vitals',
          method: 'POST',
          agent,
          headers: {
            'Content-Type': 'text/plain',
            'X-Forwarded-For': `10.${index % 250}.${index % 7}.${index % 13}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(beacon({ errors: 1 }));
    });
  const statuses: number[] = [];
  for (let index = 0; index < 1000; index += 1) statuses.push(await post(index));
  agent.destroy();
  const accepted = statuses.filter((status) => status === 204).length;
  expect(accepted).toBe(20);
  expect(statuses.filter((status) => status === 429)).toHaveLength(980);
  await intake.fieldData.flush();
  const stored = await storedDocuments(projectId, 'fieldData');
  expect(sumOf(stored, 'beacons')).toBe(accepted);
  expect(sumOf(stored, 'errors')).toBe(clientBudget.errorViews);
});
