import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import fs from 'node:fs';
import { summarize } from '../../platform/field-data/summary.cjs';
import { parseCanary, type Canary } from '../../platform/remotes/remotes-json.cjs';
import { storeCanaryDecision } from '../../platform/releases/canary-review.cjs';
import { readHistory } from '../../tools/release/release-history.cjs';
import { clearEmulator, emulatorAddress } from '../support/emulators/firestore';
import { releaseCommand } from '../support/browser/release-commands';
import { readJson, standardDir } from '../support/release-dir-fixture';

/**
 * `npm run promote -- … --canary`, `--finish`, `--abort` and `npm run releases` on a release
 * directory whose releases are published but not served: the candidate checks cannot pass
 * there (they fetch the manifests), so a start is forced past them, as the command says. The
 * checks themselves are the promotion's, exercised by tests/browser/releases.test.ts.
 */
const env = { FIRSTDAY_RELEASER: 'canary-tester@example.com' };
const promote = (...args: string[]) => releaseCommand('promote.mjs', args, { env });
const releases = (...args: string[]) => releaseCommand('releases.mjs', args, { env });

let dir: string;
beforeEach(() => {
  dir = standardDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Where --finish reads the judge's decisions: the tests' emulator, a project of its own. */
const projectId = 'demo-promote-finish';
const emulator = emulatorAddress();
const judgeStore = ['--emulator', `${emulator.host}:${emulator.port}`, '--project', projectId];
let admin: App;
let db: Firestore;
beforeAll(async () => {
  admin = initializeApp({ projectId }, 'promote-finish-test');
  db = getFirestore(admin);
  await clearEmulator(projectId);
});
afterAll(() => deleteApp(admin));

/** The judge's verdict on `canary`, stored as `npm run canary` and the scheduled function store it. */
const judged = (canary: Canary, verdict: 'rollback' | 'healthy', by = 'scheduled function') =>
  storeCanaryDecision(
    db,
    canary,
    {
      verdict,
      reasons: [verdict === 'rollback' ? 'error rate 9.0 % against 0.4 % live' : 'nothing worse'],
      elapsedMs: 600_000,
      figures: { live: summarize([]), canary: summarize([]), elapsedMs: 600_000 },
    },
    by,
  );

/** Starts a canary of remote-home 2.0.0 past its (unservable) checks. */
async function startCanary(): Promise<Canary> {
  const started = await promote('remote-home@2.0.0', '--canary', '10', '--force', '--to', dir);
  expect(started.code).toBe(0);
  const canary = parseCanary(readJson(dir, 'remotes.json'));
  if (!canary) throw new Error('no canary started');
  return canary;
}

const live = () => {
  const remotes = { ...(readJson(dir, 'remotes.json') as Record<string, unknown>) };
  delete remotes.canary;
  return remotes;
};

describe('promote --canary', () => {
  it('runs the checks, and refuses to start when they fail without --force', async () => {
    const before = readJson(dir, 'remotes.json');
    const result = await promote('remote-home@2.0.0', '--canary', '5', '--to', dir);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/Not started as a canary: the candidate failed its checks/);
    expect(result.out).toContain(
      'not served: http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json',
    );
    expect(readJson(dir, 'remotes.json')).toEqual(before);
  });

  it('starts with --force, shows in npm run releases, refuses a second, and --abort ends it', async () => {
    const before = live();
    const started = await promote('remote-home@2.0.0', '--canary', '5', '--force', '--to', dir);
    expect(started).toMatchObject({ code: 0 });
    expect(started.out).toMatch(/Canary [0-9a-f]{16} started: 5 % of visitors/);
    const canary = parseCanary(readJson(dir, 'remotes.json'));
    expect(canary).toMatchObject({ share: 5, releases: { 'remote-home': '2.0.0' } });
    expect(live()).toEqual(before);
    expect(started.out).toContain('Starting the canary despite failed checks (--force)');
    expect(readHistory(dir).at(-1)).toMatchObject({ action: 'canary-start', forced: true });

    const listing = await releases('--to', dir);
    expect(listing.out).toContain(
      `Canary ${canary?.id}: 5 % of visitors since ${canary?.startedAt}`,
    );
    expect(listing.out).toMatch(
      /canary-start\s+remote-home@2\.0\.0 \(was 1\.0\.0\) \[canary [0-9a-f]+, 5 %\] FORCED/,
    );

    const second = await promote('remote-shared@2.0.0', '--canary', '5', '--force', '--to', dir);
    expect(second.code).toBe(1);
    expect(second.out).toMatch(/A canary runs in .*: finish it \(--finish\) or end it \(--abort\)/);
    const plain = await promote('remote-shared@2.0.0', '--force', '--to', dir);
    expect(plain.code).toBe(1);

    const aborted = await promote('--abort', '--reason', 'wrong build', '--to', dir);
    expect(aborted).toMatchObject({ code: 0 });
    expect(readJson(dir, 'remotes.json')).toEqual(before);
    expect(readHistory(dir).at(-1)).toMatchObject({
      action: 'canary-abort',
      canary: canary?.id,
      reason: 'wrong build',
    });
    expect((await promote('--abort', '--to', dir)).code).toBe(1);
  });

  it('stages a canary with --widen: new visitors drawn at the wider share from its time on', async () => {
    const before = Date.now();
    const started = await promote(
      'remote-home@2.0.0',
      '--canary',
      '10',
      '--widen',
      '25',
      '--widen-after',
      '45m',
      '--force',
      '--to',
      dir,
    );
    expect(started).toMatchObject({ code: 0 });
    const canary = parseCanary(readJson(dir, 'remotes.json'));
    expect(canary).toMatchObject({ share: 10, widen: { share: 25 } });
    const widensAt = Date.parse(canary?.widen?.at ?? '') - Date.parse(canary?.startedAt ?? '');
    expect(widensAt).toBe(45 * 60_000);
    expect(Date.parse(canary?.startedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(started.out).toContain(`New visitors are drawn at 25 % from ${canary?.widen?.at}`);
    expect(readHistory(dir).at(-1)).toMatchObject({ action: 'canary-start', widen: canary?.widen });
    expect((await releases('--to', dir)).out).toContain(
      `Canary ${canary?.id}: 10 % of visitors since ${canary?.startedAt}, 25 % of new visitors from ${canary?.widen?.at}`,
    );
  });

  it.each([
    [['--widen', '25'], /say --canary too/],
    [['--canary', '10', '--widen-after', '1h'], /say --widen too/],
    [['--canary', '10', '--widen', '10'], /above --canary's 10 and at most 50/],
    [['--canary', '10', '--widen', '60'], /above --canary's 10 and at most 50/],
    [
      ['--canary', '10', '--widen', '25', '--widen-after', 'soon'],
      /--widen-after takes a duration/,
    ],
  ])('refuses a staged canary given %j (exit 2), changing nothing', async (more, message) => {
    const before = readJson(dir, 'remotes.json');
    const result = await promote('remote-home@2.0.0', ...more, '--force', '--to', dir);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(message);
    expect(readJson(dir, 'remotes.json')).toEqual(before);
  });

  it('--finish makes a canary its judge called healthy live for all, recorded as promotions', async () => {
    const before = live();
    const canary = await startCanary();
    await judged(canary, 'healthy');
    const finished = await promote('--finish', '--to', dir, ...judgeStore);
    expect(finished).toMatchObject({ code: 0 });
    expect(finished.out).toContain('remote-home: 1.0.0 -> 2.0.0');
    expect(readJson(dir, 'remotes.json')).toEqual({
      ...before,
      'remote-home': 'http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json',
    });
    expect(parseCanary(readJson(dir, 'remotes.json'))).toBeNull();
    expect(readHistory(dir).map((entry) => entry.action)).toEqual([
      'canary-start',
      'canary-finish',
      'promote',
    ]);
    expect(readHistory(dir).at(-1)).not.toHaveProperty('forced');
    // The healthy it finished on is marked so: a judge that comes later leaves it alone.
    const stored = (await db.doc(`canaryDecisions/${canary.id}`).get()).data();
    expect(stored).toMatchObject({ decision: 'healthy', finishedBy: 'canary-tester@example.com' });
    const late = await judged(canary, 'rollback', 'npm run canary');
    expect(late).toMatchObject({ written: false, decision: { decision: 'healthy' } });
  });

  it('--finish after a stored rollback is refused; --force finishes it, recorded as forced', async () => {
    const before = readJson(dir, 'remotes.json');
    const canary = await startCanary();
    const pointer = readJson(dir, 'remotes.json');
    // The scheduled function rolled it back; remotes.json still names it until it is applied.
    await judged(canary, 'rollback');
    const refused = await promote('--finish', '--to', dir, ...judgeStore);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Canary ${canary.id} not finished:`);
    expect(refused.out).toMatch(/its judge rolled it back \(scheduled function, \d{4}-/);
    expect(refused.out).toContain('error rate 9.0 % against 0.4 % live');
    expect(readJson(dir, 'remotes.json')).toEqual(pointer);
    expect(readHistory(dir).map((entry) => entry.action)).toEqual(['canary-start']);

    const forced = await promote(
      '--finish',
      '--force',
      '--reason',
      'known flake',
      '--to',
      dir,
      ...judgeStore,
    );
    expect(forced).toMatchObject({ code: 0 });
    expect(forced.out).toContain(`Finishing canary ${canary.id} despite (--force)`);
    expect(readJson(dir, 'remotes.json')).toEqual({
      ...(before as object),
      'remote-home': 'http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json',
    });
    const record = readHistory(dir);
    expect(record.slice(1)).toEqual([
      expect.objectContaining({
        action: 'canary-finish',
        canary: canary.id,
        forced: true,
        reason: 'known flake',
        problems: [expect.stringContaining('its judge rolled it back')],
      }),
      expect.objectContaining({ action: 'promote', app: 'remote-home', forced: true }),
    ]);
    expect((await releases('--to', dir)).out).toMatch(
      /canary-finish\s+remote-home@2\.0\.0.*FORCED/,
    );
  });

  it("stores the judge's decision once: of two judges deciding at once, one writes and both get its decision", async () => {
    const canary = await startCanary();
    const [first, second] = await Promise.all([
      judged(canary, 'rollback', 'npm run canary'),
      judged(canary, 'rollback', 'scheduled function'),
    ]);
    expect([first.written, second.written].sort()).toEqual([false, true]);
    expect(first.decision).toEqual(second.decision);
    const stored = (await db.doc(`canaryDecisions/${canary.id}`).get()).data();
    expect(stored).toMatchObject({ by: first.decision.by, at: first.decision.at });
  });

  it('--finish before its judge has called it healthy is refused; --force finishes it, recorded as forced and unjudged', async () => {
    const canary = await startCanary();
    const pointer = readJson(dir, 'remotes.json');
    const refused = await promote('--finish', '--to', dir, ...judgeStore);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Canary ${canary.id} not finished:`);
    expect(refused.out).toContain('its judge has not called it healthy');
    expect(readJson(dir, 'remotes.json')).toEqual(pointer);

    const forced = await promote('--finish', '--force', '--to', dir, ...judgeStore);
    expect(forced.code).toBe(0);
    expect(readJson(dir, 'remotes.json')).not.toHaveProperty('canary');
    const finishes = readHistory(dir).filter(
      (entry) => entry.action === 'canary-finish' && entry.canary === canary.id,
    );
    expect(finishes.length).toBeGreaterThan(0);
    for (const entry of finishes)
      expect(entry).toMatchObject({
        forced: true,
        unjudged: true,
        problems: [expect.stringContaining('its judge has not called it healthy')],
      });
  });

  it('--finish of a release marked bad, or with no judge to ask, is refused', async () => {
    const canary = await startCanary();
    const pointer = readJson(dir, 'remotes.json');
    await judged(canary, 'healthy');
    await releases('--to', dir, '--mark-bad', 'remote-home@2.0.0', '--reason', 'broken menu');
    const bad = await promote('--finish', '--to', dir, ...judgeStore);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('remote-home@2.0.0 is marked bad (broken menu)');
    // No judge to ask: refused too, saying where it looked.
    const nowhere = await promote('--finish', '--to', dir, '--emulator', '127.0.0.1:9');
    expect(nowhere.code).toBe(1);
    expect(nowhere.out).toContain(
      "its judge's decision could not be read from the emulator at 127.0.0.1:9",
    );
    expect(readJson(dir, 'remotes.json')).toEqual(pointer);
  });

  it('answers mistakes in the arguments with exit code 2, touching nothing', async () => {
    const before = fs.readFileSync(`${dir}/remotes.json`, 'utf8');
    for (const args of [
      ['remote-home@2.0.0', '--canary', '0'],
      ['remote-home@2.0.0', '--canary', '51'],
      ['remote-home@2.0.0', '--canary', '5.5'],
      ['remote-home@2.0.0', '--canary', 'half'],
      ['remote-home@2.0.0', '--canary'],
      ['--finish', 'remote-home@2.0.0'],
      ['--finish', '--abort'],
      ['--abort', '--canary', '5'],
      ['--abort', '--force'],
      ['remote-home@2.0.0', '--project', 'demo-x'],
      ['--finish', '--emulator', 'nowhere'],
      ['remote-home@2.0.0', '--canery', '5'],
      ['home@2.0.0', '--canary', '5'],
    ]) {
      const result = await promote(...args, '--to', dir);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
    }
    expect((await promote('remote-home@2.0.0', '--canary', '5')).code).toBe(2);
    expect(fs.readFileSync(`${dir}/remotes.json`, 'utf8')).toBe(before);
  });

  it('refuses a canary of an unpublished or bad release with exit code 1', async () => {
    expect((await promote('remote-home@9.9.9', '--canary', '5', '--force', '--to', dir)).code).toBe(
      1,
    );
    await releases('--to', dir, '--mark-bad', 'remote-home@2.0.0', '--reason', 'broken');
    const bad = await promote('remote-home@2.0.0', '--canary', '5', '--to', dir);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/marked bad/);
  });
});
