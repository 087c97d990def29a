import type { Figures } from '../../field-data/summary.cjs';
import { canaryPolicyOf, defaultCanaryPolicy, judgeCanary } from '../canary-judge.cjs';

const startedAt = '2026-11-24T10:00:00.000Z';
const minutes = (count: number) => Date.parse(startedAt) + count * 60_000;

const figures = (fields: Partial<Figures> = {}): Figures => ({
  views: 1000,
  beacons: 1200,
  errors: 10,
  failedLoads: 5,
  errorRate: 0.01,
  failedLoadRate: 0.005,
  lcpP75: 1500,
  inpP75: 120,
  clsP75: 0.05,
  lcpSamples: 900,
  inpSamples: 400,
  clsSamples: 900,
  tapsCaptured: 0,
  tapsReplayed: 0,
  ...fields,
});

const policy = defaultCanaryPolicy;

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('judgeCanary', () => {
  it('waits for the window, then calls an equal canary healthy', () => {
    jest.setSystemTime(minutes(10) - 1);
    const early = judgeCanary({ live: figures(), canary: figures(), startedAt }, policy);
    expect(early.verdict).toBe('wait');
    expect(early.reasons.join()).toMatch(/window: 9 of 10 min/);
    jest.setSystemTime(minutes(10));
    const done = judgeCanary({ live: figures(), canary: figures(), startedAt }, policy);
    expect(done.verdict).toBe('healthy');
    expect(done.figures.elapsedMs).toBe(10 * 60_000);
  });

  it('rolls back a worse error rate at once, before the window, at the margin edge', () => {
    jest.setSystemTime(minutes(1));
    const live = figures({ errorRate: 0.01 });
    // Exactly the margin more is still allowed; a hair more is not.
    const atMargin = judgeCanary({ live, canary: figures({ errorRate: 0.03 }) , startedAt }, policy);
    expect(atMargin.verdict).toBe('wait');
    const over = judgeCanary({ live, canary: figures({ errorRate: 0.0301 }), startedAt }, policy);
    expect(over.verdict).toBe('rollback');
    expect(over.reasons).toEqual([expect.stringMatching(/^error rate 3\.0 % on the canary against 1\.0 % live/)]);
  });

  it('rolls back a worse failed-load rate', () => {
    jest.setSystemTime(minutes(20));
    const verdict = judgeCanary(
      { live: figures(), canary: figures({ failedLoadRate: 0.2 }), startedAt },
      policy,
    );
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons.join()).toMatch(/failed-load rate 20\.0 %/);
  });

  it('compares rates only with enough views in both lanes', () => {
    jest.setSystemTime(minutes(20));
    const broken = figures({ errorRate: 0.5, views: policy.minViews - 1 });
    const short = judgeCanary({ live: figures(), canary: broken, startedAt }, policy);
    expect(short.verdict).toBe('wait');
    expect(short.reasons.join()).toMatch(/views: 99 on the canary, 1000 live \(each lane needs 100\)/);
    const fewLive = judgeCanary(
      { live: figures({ views: 10 }), canary: figures({ errorRate: 0.5 }), startedAt },
      policy,
    );
    expect(fewLive.verdict).toBe('wait');
    const enough = judgeCanary(
      { live: figures(), canary: { ...broken, views: policy.minViews }, startedAt },
      policy,
    );
    expect(enough.verdict).toBe('rollback');
  });

  it('calls p75 INP worse only past both the ratio and the margin', () => {
    jest.setSystemTime(minutes(20));
    const live = figures({ inpP75: 100 });
    const judge = (inpP75: number) =>
      judgeCanary({ live, canary: figures({ inpP75 }), startedAt }, policy).verdict;
    // ×1.25 = 125 but +50 ms = 150: the margin decides for fast pages.
    expect(judge(149)).toBe('healthy');
    expect(judge(151)).toBe('rollback');
    // For slow pages the ratio decides: 1000 ms live allows up to 1250.
    const slow = figures({ inpP75: 1000 });
    expect(judgeCanary({ live: slow, canary: figures({ inpP75: 1250 }), startedAt }, policy).verdict).toBe('healthy');
    expect(judgeCanary({ live: slow, canary: figures({ inpP75: 1251 }), startedAt }, policy).verdict).toBe('rollback');
  });

  it('calls p75 LCP worse past its ratio and margin, with its reason', () => {
    jest.setSystemTime(minutes(3));
    const verdict = judgeCanary(
      { live: figures({ lcpP75: 1500 }), canary: figures({ lcpP75: 2600 }), startedAt },
      policy,
    );
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons).toEqual([expect.stringMatching(/^p75 LCP 2600 ms on the canary against 1500 ms live/)]);
  });

  it('compares a p75 only with enough samples, and waits for them before calling it healthy', () => {
    jest.setSystemTime(minutes(30));
    const few = figures({ inpP75: 5000, inpSamples: policy.minSamples - 1 });
    const verdict = judgeCanary({ live: figures(), canary: few, startedAt }, policy);
    expect(verdict.verdict).toBe('wait');
    expect(verdict.reasons).toEqual([expect.stringMatching(/^INP samples: 49 on the canary, 400 live/)]);
    const none = judgeCanary(
      { live: figures({ lcpP75: null, lcpSamples: 0 }), canary: figures(), startedAt },
      policy,
    );
    expect(none.verdict).toBe('wait');
  });

  it('gives every reason at once', () => {
    jest.setSystemTime(minutes(12));
    const verdict = judgeCanary(
      {
        live: figures(),
        canary: figures({ errorRate: 0.4, failedLoadRate: 0.3, inpP75: 900, lcpP75: 9000 }),
        startedAt,
      },
      policy,
    );
    expect(verdict.reasons).toHaveLength(4);
  });

  it('takes an explicit clock, and a start in the future as no time passed', () => {
    jest.setSystemTime(minutes(60));
    expect(judgeCanary({ live: figures(), canary: figures(), startedAt, now: minutes(5) }, policy).verdict).toBe('wait');
    expect(
      judgeCanary({ live: figures(), canary: figures(), startedAt: minutes(70) }, policy).figures.elapsedMs,
    ).toBe(0);
  });
});

describe('canaryPolicyOf', () => {
  it('keeps the defaults and takes checked overrides', () => {
    expect(canaryPolicyOf({})).toEqual(defaultCanaryPolicy);
    expect(canaryPolicyOf({ minViews: 5, windowMs: undefined })).toEqual({ ...defaultCanaryPolicy, minViews: 5 });
  });

  it('refuses what is not a policy', () => {
    expect(() => canaryPolicyOf({ minViews: -1 })).toThrow(/minViews/);
    expect(() => canaryPolicyOf({ inpRatio: 0.5 })).toThrow(/at least 1/);
    expect(() => canaryPolicyOf({ windowMs: '10m' })).toThrow(/windowMs/);
    expect(() => canaryPolicyOf({ minViews: Number.NaN })).toThrow(/minViews/);
    expect(() => canaryPolicyOf({ surprise: 1 } as never)).toThrow(/Unknown/);
  });
});
