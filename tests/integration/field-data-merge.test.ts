import { aggregateIdOf, minuteOf } from '../../platform/field-data/aggregates.cjs';
import { clearEmulator } from '../support/emulators/firestore';
import { storedDocuments } from '../support/emulators/stored-documents';
import { send } from '../support/field-data/beacon-requests';
import { expectedSums, storedSums, type Sent } from '../support/field-data/beacon-sums';
import {
  beacon,
  info,
  projectId,
  set,
  startIntake,
  type Intake,
} from '../support/field-data/intake-harness';

/**
 * Render instances add to the same minute's documents (increments, never overwrites), and the
 * REST client reads back what was stored, against the real Firestore emulator.
 */
let mine: Intake;
let theirs: Intake;

beforeEach(async () => {
  await clearEmulator(projectId);
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  [mine, theirs] = await Promise.all([startIntake(), startIntake()]);
});

afterEach(async () => {
  await Promise.all([mine.close(), theirs.close()]);
  jest.restoreAllMocks();
});

it("adds two instances' figures for the same minute together, and each flush to the last", async () => {
  const toMine: Sent[] = [
    { route: '/', metrics: { LCP: 900 } },
    { route: '/', metrics: { LCP: 950 }, errors: 2 },
  ];
  const toTheirs: Sent[] = [{ route: '/', view: false, metrics: { LCP: 920, INP: 64 }, errors: 1 }];
  const post = (intake: Intake, sent: Sent) =>
    send(intake.port, { client: '203.0.113.40', body: beacon(sent) });
  expect((await post(mine, toMine[0]!)).status).toBe(204);
  await mine.fieldData.flush();
  expect((await post(mine, toMine[1]!)).status).toBe(204);
  const beforeLast = Date.now();
  expect((await post(theirs, toTheirs[0]!)).status).toBe(204);
  const afterLast = Date.now();
  await Promise.all([mine.fieldData.flush(), theirs.fieldData.flush()]);
  const stored = await storedDocuments(projectId, 'fieldData');
  expect(storedSums(stored)).toEqual(expectedSums([...toMine, ...toTheirs]));
  // When the minute's last beacon came: the latest of both instances' (a maximum, not the last
  // write), which tells a promote's two sets of one minute apart.
  const [lastAt] = stored.map((doc) => Number(doc.fields.lastAt));
  expect(lastAt).toBeGreaterThanOrEqual(beforeLast);
  expect(lastAt).toBeLessThanOrEqual(afterLast);
});

it('reads a stored aggregate back through the REST client, and a missing document as null', async () => {
  const store = mine.fieldData.store!;
  const minute = minuteOf(Date.now());
  await store.commit([
    {
      path: `fieldData/${aggregateIdOf(minute, set, '/about')}`,
      fields: {
        minute,
        set,
        route: '/about',
        lane: 'live',
        canary: null,
        releases: { ...info.releases },
      },
      mask: ['minute', 'set', 'route', 'lane', 'canary', 'releases'],
      increments: { beacons: 3, 'lcp.b49': 2 },
    },
  ]);
  expect(await store.getDocument(`fieldData/${aggregateIdOf(minute, set, '/about')}`)).toEqual({
    minute,
    set,
    route: '/about',
    lane: 'live',
    canary: null,
    releases: info.releases,
    beacons: 3,
    lcp: { b49: 2 },
  });
  expect(await store.getDocument('canaryDecisions/none')).toBeNull();
});
