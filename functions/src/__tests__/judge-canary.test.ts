import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  aggregateIdOf,
  minuteOf,
  servedCollection,
  servedIdOf,
  zeroCounts,
  type MinuteAggregate,
} from '../../../platform/field-data/aggregates.cjs';
import { visitorMarks, visitorWorst } from '../../../tests/support/field-data-seed';
import { bucketOf } from '../../../platform/field-data/histogram.cjs';
import { clearEmulator } from './clear-emulator';
import { judgeCanary } from '../index';

/**
 * The scheduled canary judge's handler against the Firestore emulator, reading remotes.json
 * from a real local HTTP server as it would from Hosting. firebase-functions-test sets up the
 * project; its `wrap` takes no v2 schedule event (it validates it as v1 options), so the
 * handler runs through the function's own `run`, as the scheduler would call it.
 */
const projectId = 'demo-functions-test';
const testEnv = functionsTest({ projectId });

let app: App;
let db: Firestore;
let site: http.Server;
let pointer: { status: number; body: string };
let counter = 0;

beforeAll(async () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('Run with `node tools/test/test-integration.mjs` (it starts the emulator)');
  }
  app = initializeApp({ projectId }, 'judge-canary-test');
  db = getFirestore(app);
  site = http.createServer((req, res) => {
    res.writeHead(pointer.status, { 'content-type': 'application/json' }).end(pointer.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  process.env.CANARY_POINTER_URL = `http://127.0.0.1:${(site.address() as AddressInfo).port}/remotes.json`;
});

beforeEach(async () => {
  delete process.env.CANARY_POLICY;
  await clearEmulator(projectId);
});

afterAll(async () => {
  testEnv.cleanup();
  await deleteApp(app);
  await new Promise((resolve) => site.close(resolve));
  delete process.env.CANARY_POINTER_URL;
});

const live = {
  'remote-home': 'https://example.com/remote-home/1.0.0/mf-manifest.json',
  'remote-contact': 'https://example.com/remote-contact/1.0.0/mf-manifest.json',
  'remote-shared': 'https://example.com/remote-shared/1.0.0/mf-manifest.json',
};

/** Serves a remotes.json with a canary started `minutesAgo` ago; returns its id. */
function serveCanary(minutesAgo: number): string {
  counter += 1;
  const id = `feed${String(counter).padStart(12, '0')}`;
  pointer = {
    status: 200,
    body: JSON.stringify({
      ...live,
      canary: {
        id,
        share: 5,
        startedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        remotes: { 'remote-home': 'https://example.com/remote-home/2.0.0/mf-manifest.json' },
        releases: { 'remote-home': '2.0.0' },
      },
    }),
  };
  return id;
}

const inpOf = (count: number, ms: number) => ({ [bucketOf('INP', ms)]: count });
const lcpOf = (count: number, ms: number) => ({ [bucketOf('LCP', ms)]: count });

/** Views per seeded document: a minute's document keeps a mark per visitor, and Firestore's documents hold at most 1 MiB. */
const perDocument = 5000;

async function seed(id: string, lanes: Record<'live' | 'canary', Partial<MinuteAggregate>>) {
  const minute = minuteOf(Date.now() - 60_000);
  for (const [lane, fields] of Object.entries(lanes)) {
    const views = fields.views ?? 0;
    // A busy lane as several sets' documents of the same minute (the judge merges by lane).
    const parts = Math.max(1, Math.ceil(views / perDocument));
    const share = (count = 0) => Math.round(count / parts);
    const divided = (histogram: Record<string, number> = {}) =>
      Object.fromEntries(Object.entries(histogram).map(([key, count]) => [key, share(count)]));
    for (let part = 0; part < parts; part += 1) {
      const set = `${lane === 'live' ? 'aaaaaaaaaa' : 'bbbbbbbbbb'}${String(part).padStart(2, '0')}`;
      const aggregate: MinuteAggregate = {
        minute,
        set,
        route: '/',
        lane: lane as 'live' | 'canary',
        canary: id,
        releases: {},
        ...zeroCounts(),
        ...fields,
        views: share(fields.views),
        beacons: share(fields.beacons),
        errors: part === 0 ? (fields.errors ?? 0) : 0,
        failedLoads: part === 0 ? (fields.failedLoads ?? 0) : 0,
        lcp: divided(fields.lcp),
        inp: divided(fields.inp),
      };
      // As the render servers store them: both lanes' visitors marked with their worst INP and
      // LCP, the pages served counted.
      const from = (lane === 'live' ? 0 : 5_000_000) + part * perDocument;
      await db.doc(`fieldData/${aggregateIdOf(minute, set, '/')}`).set({
        ...aggregate,
        ...visitorMarks(aggregate.views, Math.max(aggregate.errors, aggregate.failedLoads), from),
        ...visitorWorst(aggregate, from),
      });
      await db
        .doc(`${servedCollection}/${servedIdOf(minute, set)}`)
        .set({ minute, set, lane, canary: id, served: aggregate.views });
    }
  }
}

const healthy = (views: number): Partial<MinuteAggregate> => ({
  views,
  beacons: views,
  errors: 1,
  lcp: lcpOf(views, 1500),
  inp: inpOf(views, 100),
});
const decisionOf = async (id: string) => (await db.doc(`canaryDecisions/${id}`).get()).data();
const run = async () => {
  await judgeCanary.run({ scheduleTime: new Date().toISOString(), jobName: 'judgeCanary' });
};

describe('the scheduled canary judge', () => {
  it('writes a rollback decision for a canary with a higher failed-load rate', async () => {
    const id = serveCanary(2);
    await seed(id, { live: healthy(500), canary: { ...healthy(200), failedLoads: 30 } });
    await run();
    expect(await decisionOf(id)).toMatchObject({
      decision: 'rollback',
      by: 'scheduled function',
      releases: { 'remote-home': '2.0.0' },
      reasons: expect.arrayContaining([
        expect.stringMatching(
          /^whole site \(whole run\): visitors who met an error or a failed load 15\.0 % on the canary/,
        ),
      ]),
      figures: { canary: { views: 200, failedLoads: 30 }, live: { views: 500 } },
    });
  });

  it('writes healthy after the window, and a later rollback replaces it', async () => {
    const id = serveCanary(11);
    // The default floor of 0.2 points of errors takes about 10,000 canary visitors to rule out
    // (the judge's unit tests hold that); their marks take the emulator most of a minute to
    // store and read. A floor of 2 points needs a tenth of them, still in the share's
    // proportion (5 %) and spread over several documents per lane.
    process.env.CANARY_POLICY = JSON.stringify({ errorPoints: 0.02 });
    await seed(id, { live: healthy(19_000), canary: healthy(1_000) });
    await run();
    expect(await decisionOf(id)).toMatchObject({ decision: 'healthy' });
    await seed(id, {
      live: healthy(19_000),
      canary: { ...healthy(1_000), inp: inpOf(1_000, 900) },
    });
    await run();
    expect(await decisionOf(id)).toMatchObject({
      decision: 'rollback',
      reasons: expect.arrayContaining([
        expect.stringMatching(/^whole site \(whole run\): p75 of each visitor's worst INP/),
      ]),
    });
  });

  it('decides nothing while inconclusive, and judges by the policy of CANARY_POLICY', async () => {
    const id = serveCanary(30);
    await seed(id, { live: healthy(500), canary: healthy(40) });
    await run();
    expect(await decisionOf(id)).toBeUndefined();
    // Floors far looser, of the team's choosing: the same data rules them out.
    process.env.CANARY_POLICY = JSON.stringify({ errorPoints: 0.2, falseHealthyRate: 0.5 });
    await run();
    delete process.env.CANARY_POLICY;
    expect((await decisionOf(id))?.decision).toBe('healthy');
  });

  it('decides nothing without a canary, with a broken remotes.json or a broken policy', async () => {
    const id = serveCanary(30);
    await seed(id, { live: healthy(500), canary: { ...healthy(200), errors: 100 } });
    process.env.CANARY_POLICY = '{"falseRollbackRate": 3}';
    await run();
    process.env.CANARY_POLICY = 'not json';
    await run();
    delete process.env.CANARY_POLICY;
    const served = pointer.body;
    pointer = { status: 200, body: JSON.stringify({ ...live, canary: { id: 'NOT HEX' } }) };
    await run();
    // An error page that happens to hold the canary is still not the deployed remotes.json.
    pointer = { status: 503, body: served };
    await run();
    pointer = { status: 200, body: JSON.stringify(live) };
    await run();
    expect(await decisionOf(id)).toBeUndefined();
    pointer = { status: 200, body: served };
    await run();
    expect((await decisionOf(id))?.decision).toBe('rollback');
  });
});
