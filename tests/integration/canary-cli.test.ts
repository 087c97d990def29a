import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { minuteOf, type MinuteAggregate } from '../../platform/field-data/aggregates.cjs';
import { parseCanary } from '../../platform/remotes/remotes-json.cjs';
import { readHistory } from '../../tools/release/release-history.cjs';
import { clearEmulator, emulatorAddress } from '../support/emulators/firestore';
import { emptyMinute, histogramOf, seedAggregates, times } from '../support/field-data-seed';
import { readJson, standardDir } from '../support/release-dir-fixture';

const run = promisify(execFile);
const cli = path.join(__dirname, '../../tools/canary/canary.mjs');
const projectId = 'demo-canary-test';
const emulator = emulatorAddress();
const env = { ...process.env, FIRSTDAY_RELEASER: 'judge-test@example.com' };

let admin: App;
let db: Firestore;
let dir: string;
let counter = 0;

const liveReleases = {
  'remote-home': '1.0.0',
  'remote-contact': '1.0.0',
  'remote-shared': '1.0.0',
};

beforeAll(async () => {
  admin = initializeApp({ projectId }, 'canary-cli-test');
  db = getFirestore(admin);
  await clearEmulator(projectId);
});
afterAll(() => deleteApp(admin));
beforeEach(() => {
  dir = standardDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const args = (...more: string[]) => [
  cli,
  '--to',
  dir,
  '--emulator',
  `${emulator.host}:${emulator.port}`,
  '--project',
  projectId,
  ...more,
];

async function canaryCommand(...more: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args(...more), {
      encoding: 'utf8',
      env,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** Writes a canary of remote-home 2.0.0 into remotes.json, started `minutesAgo` ago. */
function startCanary(minutesAgo: number) {
  counter += 1;
  const id = `${'c0ffee'}${String(counter).padStart(10, '0')}`;
  const remotes = readJson(dir, 'remotes.json') as Record<string, string>;
  const canary = {
    id,
    share: 10,
    startedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    remotes: { 'remote-home': 'http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json' },
    releases: { 'remote-home': '2.0.0' },
  };
  fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify({ ...remotes, canary }, null, 2));
  return { id, live: remotes };
}

type Lane = Partial<MinuteAggregate>;
/**
 * Seeds `minutes` minutes of both lanes of canary `id` from its start on: each minute of a lane
 * gets 1/minutes of its figures (histograms whole in the first minute).
 */
/** A lane's figures in parts of at most 5,000 views each (counts and buckets shared out alike). */
function partsOf(fields: Lane): Lane[] {
  const parts = Math.max(1, Math.ceil((fields.views ?? 0) / 5000));
  const share = (count = 0) => Math.round(count / parts);
  const histogram = (buckets: Record<string, number> | undefined) =>
    buckets &&
    Object.fromEntries(Object.entries(buckets).map(([key, count]) => [key, share(count)]));
  const part: Lane = {
    ...fields,
    views: share(fields.views),
    beacons: share(fields.beacons),
    errors: share(fields.errors),
    failedLoads: share(fields.failedLoads),
    lcp: histogram(fields.lcp),
    inp: histogram(fields.inp),
  };
  return Array.from({ length: parts }, () => part);
}

async function seedLanes(id: string, minutesAgo: number, live: Lane, canary: Lane) {
  const first = Date.now() - minutesAgo * 60_000;
  const docs: MinuteAggregate[] = [];
  for (const [lane, set, releases, fields] of [
    ['live', 'aaaaaaaaaaaa', liveReleases, live],
    ['canary', 'bbbbbbbbbbbb', { ...liveReleases, 'remote-home': '2.0.0' }, canary],
  ] as const)
    for (const [index, route] of ['/', '/contact'].entries())
      // A busy lane over several minutes: a minute's document keeps a mark per visitor, and
      // Firestore's documents hold at most 1 MiB (about 5,000 visitors' marks).
      for (const [part, partFields] of (index === 0 ? partsOf(fields) : [{ views: 0 }]).entries())
        docs.push(
          emptyMinute({
            minute: minuteOf(first + (index + 2 * part) * 60_000),
            set: `${set.slice(0, 10)}${String(counter).padStart(2, '0')}`,
            route,
            lane,
            canary: id,
            releases,
            ...partFields,
          }),
        );
  // Field data of the same canary from before it started, and a preview: neither counts.
  docs.push(
    emptyMinute({
      minute: minuteOf(first - 5 * 60_000),
      lane: 'canary',
      canary: id,
      set: 'dddddddddddd',
      views: 1000,
      errors: 1000,
    }),
    emptyMinute({
      minute: minuteOf(first),
      lane: 'preview',
      canary: id,
      set: 'eeeeeeeeeeee',
      views: 1000,
      errors: 1000,
    }),
  );
  await seedAggregates(db, docs);
}

const healthyLane = (views: number): Lane => ({
  views,
  beacons: views,
  errors: Math.round(views * 0.01),
  failedLoads: 0,
  lcp: histogramOf('LCP', times(views, 1500)),
  inp: histogramOf('INP', times(views, 100)),
});

const decisionOf = async (id: string) => (await db.doc(`canaryDecisions/${id}`).get()).data();
const jsonLines = (out: string) =>
  out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('npm run canary', () => {
  it('rolls back a canary with a higher error rate at once: decision stored, pointer and record updated, logged', async () => {
    const { id, live } = startCanary(2);
    await seedLanes(id, 2, healthyLane(400), { ...healthyLane(200), errors: 30 });
    const result = await canaryCommand();
    expect(result.code).toBe(3);
    expect(result.out).toContain(`Canary ${id} rolled back`);
    expect(result.out).toMatch(
      /whole site \(whole run\): visitors who met an error or a failed load 15\.0 % on the canary against 0\.00 % live/,
    );
    expect(readJson(dir, 'remotes.json')).toEqual(live);
    const entry = readHistory(dir).at(-1);
    expect(entry).toMatchObject({
      action: 'canary-rollback',
      app: 'remote-home',
      version: '2.0.0',
      canary: id,
      reasons: expect.arrayContaining([
        expect.stringMatching(
          /^whole site \(whole run\): visitors who met an error or a failed load/,
        ),
      ]),
      figures: { canary: { views: 200, errors: 30 }, live: { views: 400, errors: 4 } },
    });
    expect(await decisionOf(id)).toMatchObject({
      decision: 'rollback',
      reasons: entry?.reasons,
      releases: { 'remote-home': '2.0.0' },
      by: 'npm run canary',
      figures: { canary: { views: 200 } },
    });
    expect(jsonLines(result.out)).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        message: 'Canary rolled back',
        time: expect.any(String),
        canary: id,
        decision: 'rollback',
        reasons: entry?.reasons,
      }),
    ]);
  });

  it('rolls back a canary slower at p75 INP', async () => {
    const { id, live } = startCanary(3);
    await seedLanes(id, 3, healthyLane(300), {
      ...healthyLane(300),
      inp: histogramOf('INP', times(300, 400)),
    });
    const result = await canaryCommand();
    expect(result.code).toBe(3);
    expect(result.out).toMatch(
      /p75 of each visitor's worst INP \d+ ms on the canary against \d+ ms live/,
    );
    expect(readJson(dir, 'remotes.json')).toEqual(live);
    expect(readHistory(dir).at(-1)).toMatchObject({
      action: 'canary-rollback',
      reasons: expect.arrayContaining([
        expect.stringMatching(/^whole site \(whole run\): p75 of each visitor's worst INP/),
      ]),
    });
    expect((await decisionOf(id))?.decision).toBe('rollback');
  });

  it('reports a canary healthy after the window, records it once and leaves it running', async () => {
    const { id } = startCanary(12);
    // Enough visitors to rule out each floor, in the share's proportion (10 %): with no erring
    // visitors, 5,000 show the share under the floor's 0.2 points at the first looks' level.
    await seedLanes(
      id,
      12,
      { ...healthyLane(45_000), errors: 0, failedLoads: 0 },
      { ...healthyLane(5000), errors: 0, failedLoads: 0 },
    );
    const result = await canaryCommand('--window', '10m');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Canary ${id} is healthy`);
    expect(result.out).toContain('npm run promote -- --finish');
    expect(parseCanary(readJson(dir, 'remotes.json'))?.id).toBe(id);
    expect(readHistory(dir).map((entry) => entry.action)).toEqual(['canary-healthy']);
    expect(await decisionOf(id)).toMatchObject({ decision: 'healthy' });
    expect(jsonLines(result.out)).toEqual([
      expect.objectContaining({ severity: 'INFO', message: 'Canary healthy', canary: id }),
    ]);
    // Judged again: still healthy, not recorded twice.
    expect((await canaryCommand()).code).toBe(0);
    expect(readHistory(dir)).toHaveLength(1);
  });

  it('calls a small canary inconclusive after the window, saying what it needs and recording it; nothing decided', async () => {
    const { id } = startCanary(30);
    await seedLanes(id, 30, healthyLane(400), healthyLane(40));
    const result = await canaryCommand();
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Canary ${id}: inconclusive so far`);
    expect(result.out).toMatch(
      /to be conclusive: about \d+ more canary visitors \([\d.]+ h more at \d+ canary visitors\/h/,
    );
    expect(jsonLines(result.out)).toEqual([
      expect.objectContaining({
        message: 'Canary inconclusive',
        canary: id,
        needs: expect.objectContaining({ views: expect.any(Number) }),
      }),
    ]);
    expect(parseCanary(readJson(dir, 'remotes.json'))?.id).toBe(id);
    expect(await decisionOf(id)).toBeUndefined();
    // Recorded with what it needs (views, hours, share), once within the hour.
    expect(result.out).toContain('Recorded as canary-inconclusive');
    expect(readHistory(dir)).toEqual([
      expect.objectContaining({
        action: 'canary-inconclusive',
        canary: id,
        reasons: expect.arrayContaining([expect.stringMatching(/^to be conclusive: about \d+/)]),
        needs: {
          views: expect.any(Number),
          hours: expect.any(Number),
          shareForAnHour: expect.any(Number),
        },
      }),
    ]);
    expect((await canaryCommand()).out).not.toContain('Recorded as');
    expect(readHistory(dir)).toHaveLength(1);
  });

  it('rolls back a route that errs for every canary view after a dozen views, before the window', async () => {
    const { id, live } = startCanary(3);
    await seedLanes(id, 3, healthyLane(400), { ...healthyLane(12), errors: 12 });
    const result = await canaryCommand();
    expect(result.code).toBe(3);
    expect(result.out).toMatch(/route \/ \(whole run\): .*an error .*100\.0 %/);
    expect(readJson(dir, 'remotes.json')).toEqual(live);
  });

  it('applies a rollback decided elsewhere (the scheduled function) to the directory', async () => {
    const { id, live } = startCanary(1);
    await db.doc(`canaryDecisions/${id}`).set({
      decision: 'rollback',
      at: new Date().toISOString(),
      reasons: ['failed-load rate 9.0 % on the canary'],
      figures: { canary: { views: 500 } },
      releases: { 'remote-home': '2.0.0' },
      by: 'scheduled function',
    });
    const result = await canaryCommand();
    expect(result).toMatchObject({
      code: 3,
      out: expect.stringContaining('decided by scheduled function'),
    });
    expect(readJson(dir, 'remotes.json')).toEqual(live);
    expect(readHistory(dir).at(-1)).toMatchObject({
      action: 'canary-rollback',
      reasons: ['failed-load rate 9.0 % on the canary'],
    });
  });

  it('--watch judges again until a decision', async () => {
    const { id, live } = startCanary(2);
    const child = spawn(process.execPath, args('--watch', '--every', '1s'), { env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    while (!out.includes('waiting for')) await new Promise((resolve) => setTimeout(resolve, 100));
    await seedLanes(id, 2, healthyLane(400), { ...healthyLane(200), failedLoads: 40 });
    expect(await exited).toBe(3);
    expect(out).toMatch(/visitors who met an error or a failed load 20\.0 %/);
    expect(readJson(dir, 'remotes.json')).toEqual(live);
  });

  it('says when no canary runs, and answers mistakes with exit code 2', async () => {
    fs.writeFileSync(path.join(dir, 'remotes.json'), '{}');
    expect(await canaryCommand()).toMatchObject({
      code: 0,
      out: expect.stringContaining('No canary runs'),
    });
    for (const more of [
      ['--every', '5s'],
      ['--watch', '--every', 'soon'],
      ['--window', '-1m'],
      ['--min-views', 'many'],
      ['--policy', 'not json'],
      ['--policy', '{"falseRollbackRate": 2}'],
    ])
      expect((await canaryCommand(...more)).code).toBe(2);
  });
});
