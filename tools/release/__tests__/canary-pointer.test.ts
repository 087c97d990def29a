import fs from 'node:fs';
import path from 'node:path';
import { parseCanary } from '../../../platform/remotes/remotes-json.cjs';
import {
  endCanary,
  finishCanary,
  recordHealthy,
  recordInconclusive,
  runningCanary,
  startCanary,
} from '../canary-pointer.cjs';
import { readHistory } from '../release-history.cjs';
import { readJson, standardDir } from '../../../tests/support/release-dir-fixture';

const liveOf = (dir: string) => {
  const live = { ...(readJson(dir, 'remotes.json') as Record<string, unknown>) };
  delete live.canary;
  return live;
};

let dir: string;
beforeEach(() => {
  process.env.FIRSTDAY_RELEASER = 'tester@example.com';
  dir = standardDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the canary in remotes.json', () => {
  it('starts: the live remotes unchanged, a canary the render server can parse, recorded', () => {
    const before = liveOf(dir);
    const now = new Date('2026-11-24T10:00:00.000Z');
    const canary = startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share: 5, now });
    expect(liveOf(dir)).toEqual(before);
    expect(parseCanary(readJson(dir, 'remotes.json'))).toEqual(canary);
    expect(canary).toMatchObject({
      share: 5,
      startedAt: '2026-11-24T10:00:00.000Z',
      remotes: { 'remote-home': 'http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json' },
      releases: { 'remote-home': '2.0.0' },
    });
    expect(readHistory(dir)).toEqual([
      expect.objectContaining({
        action: 'canary-start',
        app: 'remote-home',
        version: '2.0.0',
        from: '1.0.0',
        canary: canary.id,
        share: 5,
        by: 'tester@example.com',
      }),
    ]);
  });

  it('draws a new id for every start, and refuses a second canary while one runs', () => {
    const first = startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share: 5 });
    expect(() => startCanary(dir, { releases: { 'remote-shared': '2.0.0' }, share: 5 })).toThrow(
      /already runs/,
    );
    endCanary(dir, { action: 'canary-abort' });
    const second = startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share: 5 });
    expect(second.id).not.toBe(first.id);
    expect(second.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('stages a canary: the wider share and its time written where the render server reads them', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    const widen = { share: 25, afterMs: 30 * 60_000 };
    const canary = startCanary(dir, {
      releases: { 'remote-home': '2.0.0' },
      share: 10,
      widen,
      now,
    });
    expect(canary.widen).toEqual({ share: 25, at: '2026-11-24T10:30:00.000Z' });
    expect(parseCanary(readJson(dir, 'remotes.json'))).toEqual(canary);
    expect(readHistory(dir).at(-1)).toMatchObject({ action: 'canary-start', widen: canary.widen });
    endCanary(dir, { action: 'canary-abort' });
    for (const wider of [10, 51])
      expect(() =>
        startCanary(dir, {
          releases: { 'remote-home': '2.0.0' },
          share: 10,
          widen: { share: wider, afterMs: 60_000 },
        }),
      ).toThrow(/widens to a whole percent above its 10 % and at most 50/);
  });

  it('refuses a share outside 1-50', () => {
    for (const share of [0, 51, 2.5])
      expect(() => startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share })).toThrow(
        /1 to 50/,
      );
    expect(runningCanary(dir)).toBeNull();
  });

  it('finishes: the canary remotes become live, recorded as canary-finish and promote', () => {
    const canary = startCanary(dir, {
      releases: { 'remote-home': '2.0.0', 'remote-shared': '2.0.0' },
      share: 10,
    });
    const { changes } = finishCanary(dir, { reason: 'looks good' });
    expect(changes).toHaveLength(2);
    expect(readJson(dir, 'remotes.json')).toEqual({
      'remote-home': 'http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json',
      'remote-contact': 'http://127.0.0.1:9/remote-contact/1.0.0/mf-manifest.json',
      'remote-shared': 'http://127.0.0.1:9/remote-shared/2.0.0/mf-manifest.json',
    });
    const actions = readHistory(dir).map((entry) => [entry.action, entry.app, entry.canary]);
    expect(actions).toEqual([
      ['canary-start', 'remote-home', canary.id],
      ['canary-start', 'remote-shared', canary.id],
      ['canary-finish', 'remote-home', canary.id],
      ['canary-finish', 'remote-shared', canary.id],
      ['promote', 'remote-home', canary.id],
      ['promote', 'remote-shared', canary.id],
    ]);
  });

  it('records finishing a canary of an older release as a rollback', () => {
    fs.writeFileSync(
      path.join(dir, 'remotes.json'),
      JSON.stringify({
        ...liveOf(dir),
        'remote-home': 'http://127.0.0.1:9/remote-home/2.0.0/mf-manifest.json',
      }),
    );
    startCanary(dir, { releases: { 'remote-home': '1.0.0' }, share: 10 });
    finishCanary(dir);
    expect(readHistory(dir).at(-1)).toMatchObject({
      action: 'rollback',
      version: '1.0.0',
      from: '2.0.0',
    });
  });

  it("rolls back by the judge's decision: the live set unchanged, its reasons and figures kept", () => {
    const before = liveOf(dir);
    const canary = startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share: 5 });
    expect(() => endCanary(dir, { action: 'canary-rollback', id: 'ffffffffffffffff' })).toThrow(
      /not ffffffffffffffff/,
    );
    endCanary(dir, {
      action: 'canary-rollback',
      id: canary.id,
      reasons: ['error rate'],
      figures: { canary: { views: 200 } },
    });
    expect(readJson(dir, 'remotes.json')).toEqual(before);
    expect(readHistory(dir).at(-1)).toMatchObject({
      action: 'canary-rollback',
      canary: canary.id,
      reasons: ['error rate'],
      figures: { canary: { views: 200 } },
    });
    expect(() => endCanary(dir, { action: 'canary-abort' })).toThrow(/No canary runs/);
  });

  it('records healthy once per canary and keeps it running', () => {
    const canary = startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share: 5 });
    const report = { id: canary.id, reasons: ['fine'], figures: {} };
    expect(recordHealthy(dir, report)).toBe(true);
    expect(recordHealthy(dir, report)).toBe(false);
    expect(readHistory(dir).filter((entry) => entry.action === 'canary-healthy')).toHaveLength(1);
    expect(runningCanary(dir)?.id).toBe(canary.id);
  });

  it('records inconclusive with what it needs, at most once an hour per canary', () => {
    const canary = startCanary(dir, { releases: { 'remote-home': '2.0.0' }, share: 5 });
    const report = {
      id: canary.id,
      reasons: ['to be conclusive: about 900 more canary views'],
      needs: { views: 900, hours: 18, shareForAnHour: 90 },
    };
    expect(recordInconclusive(dir, report)).toBe(true);
    expect(recordInconclusive(dir, report, new Date(Date.now() + 30 * 60_000))).toBe(false);
    expect(recordInconclusive(dir, report, new Date(Date.now() + 61 * 60_000))).toBe(true);
    const recorded = readHistory(dir).filter((entry) => entry.action === 'canary-inconclusive');
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({
      canary: canary.id,
      app: 'remote-home',
      reasons: report.reasons,
      needs: report.needs,
    });
    expect(runningCanary(dir)?.id).toBe(canary.id);
  });

  it('refuses a remotes.json whose canary is not one', () => {
    fs.writeFileSync(
      path.join(dir, 'remotes.json'),
      JSON.stringify({ ...liveOf(dir), canary: { id: 'x' } }),
    );
    expect(() => runningCanary(dir)).toThrow(/hex "id"/);
  });
});
