import { bucketOf, type Histogram } from '../../field-data/histogram.cjs';
import { normalQuantile } from '../canary-distributions.cjs';
import { canaryPolicyOf, defaultCanaryPolicy, judgeCanary } from '../canary-judge.cjs';
import type { LaneSamples, Sample } from '../canary-samples.cjs';

const startedAt = '2026-11-24T10:00:00.000Z';
const minutes = (count: number) => Date.parse(startedAt) + count * 60_000;

/** A spread of values around a centre, the same shape for every centre: 100 quantiles of a lognormal (σ 0.5). */
const spread = Array.from({ length: 100 }, (_, index) => Math.exp(0.5 * normalQuantile((index + 0.5) / 100)));

function histogramOf(metric: 'INP' | 'LCP', count: number, centreMs: number): Histogram {
  const histogram: Histogram = {};
  for (let index = 0; index < count; index += 1) {
    const key = bucketOf(metric, centreMs * (spread[index % spread.length] ?? 1));
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
}

const hex6 = (value: number) => value.toString(16).padStart(6, '0');

/**
 * Client marks of `views` views from `clients` clients spread over `networks` networks (each
 * view its own client in its own network by default), the first `bad` views with an error.
 */
function marksOf(views: number, bad: number, clients = views, networks = clients, inpMs = 120, lcpMs = 900) {
  const all: Record<string, number> = {};
  const badClients: Record<string, number> = {};
  const inpWorst: Record<string, number> = {};
  const lcpWorst: Record<string, number> = {};
  for (let view = 0; view < views; view += 1) {
    const client = view % clients;
    const mark = `c${hex6(client % networks)}${hex6(client)}`;
    all[mark] = (all[mark] ?? 0) + 1;
    if (view < bad) badClients[mark] = (badClients[mark] ?? 0) + 1;
    // The same spread as the histograms (each view's INP and LCP at one quantile).
    const at = spread[(view * 37) % spread.length] ?? 1;
    if (view % 5 < 2) inpWorst[mark] = Math.max(inpWorst[mark] ?? 0, Math.round(inpMs * at));
    lcpWorst[mark] = Math.max(lcpWorst[mark] ?? 0, Math.round(lcpMs * at));
  }
  return { clients: all, badClients, inpWorst, lcpWorst };
}

type SampleFields = Partial<Omit<Sample, 'views' | 'clients' | 'badClients' | 'inpWorst' | 'lcpWorst'>> & {
  inpMs?: number;
  /** How many clients in how many networks the views come from (each view its own by default). */
  from?: { clients: number; networks?: number };
};

const sample = (views: number, fields: SampleFields = {}): Sample => {
  const errorViews = fields.errorViews ?? Math.round(views * 0.005);
  const failedLoadViews = fields.failedLoadViews ?? Math.round(views * 0.002);
  return {
    views,
    errorViews,
    failedLoadViews,
    inp: fields.inp ?? histogramOf('INP', Math.round(views * 0.4), fields.inpMs ?? 120),
    lcp: fields.lcp ?? histogramOf('LCP', views, 900),
    ...marksOf(views, Math.max(errorViews, failedLoadViews), fields.from?.clients, fields.from?.networks, fields.inpMs),
  };
};

const lanes = (live: Record<string, Sample>, canary: Record<string, Sample>): LaneSamples => ({ live, canary });
const judge = (cumulative: LaneSamples, now: number, share = 10) =>
  judgeCanary({ cumulative, startedAt, share, now }, defaultCanaryPolicy);

describe('judgeCanary', () => {
  it('rolls back a route that errs for every canary view within about ten views, even with little live traffic', () => {
    const live = { '/': sample(20, { errorViews: 0 }) };
    const broken = (views: number) => ({ '/': sample(views, { errorViews: views }) });
    expect(judge(lanes(live, broken(3)), minutes(3)).verdict).toBe('wait');
    const verdict = judge(lanes(live, broken(10)), minutes(3));
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons.join('\n')).toMatch(/route \/ \(whole run\): .*error.*100\.0 %/);
  });

  it('waits for the window, then calls an equal canary with enough views healthy', () => {
    const live = { '/': sample(90_000) };
    const canary = { '/': sample(10_000) };
    expect(judge(lanes(live, canary), minutes(9)).verdict).toBe('wait');
    const verdict = judge(lanes(live, canary), minutes(10));
    expect(verdict.verdict).toBe('healthy');
    expect(verdict.reasons[0]).toMatch(/floor ruled out/);
  });

  it('calls a small canary inconclusive, never healthy, and says what it needs', () => {
    // Before the working day's decision (8 h).
    const verdict = judge(lanes({ '/': sample(900) }, { '/': sample(100) }), minutes(60 * 7));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.needs?.views).toBeGreaterThan(1000);
    expect(verdict.needs?.hours).toBeGreaterThan(10);
    expect(verdict.reasons.at(-1)).toMatch(/to be conclusive: about \d+ more canary visitors \(.* h more at 14 canary visitors\/h, or about an hour at a \d+ % share\)/);
  });

  it('rolls back a significant error share over the floor, not one under it', () => {
    const live = { '/': sample(90_000, { errorViews: 900 }) };
    const over = judge(lanes(live, { '/': sample(10_000, { errorViews: 300 }) }), minutes(60));
    expect(over.verdict).toBe('rollback');
    expect(over.reasons.join('\n')).toMatch(/visitors who met an error or a failed load 3\.0 % on the canary against 1\.0 % live/);
    // 1.3 % against 1 % on 10,000 views is significant, but under 1.5× + 0.2 points.
    const under = judge(lanes(live, { '/': sample(10_000, { errorViews: 130 }) }), minutes(60));
    expect(under.verdict).not.toBe('rollback');
  });

  it('rolls back an INP regression on one route by the rank test', () => {
    const live = { '/': sample(9000), '/about': sample(2000) };
    const canary = { '/': sample(1000), '/about': sample(300, { inpMs: 240 }) };
    const verdict = judge(lanes(live, canary), minutes(120));
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons.join('\n')).toMatch(/route \/about \(whole run\): p75 of each visitor's worst INP/);
  });

  it('judges the recent hour besides the whole run', () => {
    const cumulative = lanes({ '/': sample(90_000) }, { '/': sample(10_000, { errorViews: 90 }) });
    const recent = lanes({ '/': sample(4000) }, { '/': sample(500, { errorViews: 40 }) });
    const whole = judgeCanary({ cumulative, startedAt, share: 10, now: minutes(600) });
    expect(whole.verdict).not.toBe('rollback');
    const both = judgeCanary({ cumulative, recent, startedAt, share: 10, now: minutes(600) });
    expect(both.verdict).toBe('rollback');
    expect(both.reasons.join('\n')).toMatch(/whole site \(last 60 min\)/);
  });

  it('does not call a canary healthy when its lane holds more views than its share explains', () => {
    const verdict = judge(lanes({ '/': sample(60_000) }, { '/': sample(40_000) }), minutes(600));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons[0]).toMatch(/^data health: 40\.0 % of views are on the canary, whose share is 10 %/);
  });

  it('does not let one client or one network decide a rollback, and counts the network that weighs most no more than the next', () => {
    const live = { '/': sample(20, { errorViews: 0 }) };
    const broken = (from: SampleFields['from']) => ({ '/': sample(10, { errorViews: 10, from }) });
    const one = judge(lanes(live, broken({ clients: 1 })), minutes(3));
    expect(one.verdict).toBe('wait');
    expect(judge(lanes(live, broken({ clients: 10, networks: 1 })), minutes(3)).verdict).toBe('wait');
    expect(judge(lanes(live, broken({ clients: 10, networks: 5 })), minutes(3)).verdict).toBe('rollback');
    // 30 errors in 1,000 canary views against 0.5 % live: a rollback when 30 clients sent them,
    // not when one client sent 21 of them (its hourly budget over ten and a half hours).
    const wide = { '/': sample(90_000, { errorViews: 450 }) };
    const many = { '/': sample(1000, { errorViews: 30 }) };
    expect(judge(lanes(wide, many), minutes(630)).verdict).toBe('rollback');
    const forged = { '/': { ...many['/'], badClients: { ...marksOf(9, 9).badClients, c0000aa0000aa: 21 } } };
    const verdict = judge(lanes(wide, forged), minutes(630));
    expect(verdict.verdict).not.toBe('rollback');
    expect(verdict.reasons.join('\n')).not.toMatch(/p = .*needed/);
  });

  it('does not call healthy a canary whose views come from too few clients, or beyond the pages served', () => {
    const live = { '/': sample(90_000) };
    const few = judge(lanes(live, { '/': sample(19) }), minutes(10));
    expect(few.verdict).toBe('inconclusive');
    expect(few.reasons[0]).toBe(
      'too few visitors: the canary\'s views come from 19 clients in 19 networks; healthy needs at least 20 clients in 5 networks',
    );
    expect(few.needs?.views).toBeGreaterThanOrEqual(1);
    const cumulative = lanes(live, { '/': sample(10_000) });
    const served = (canary: number) =>
      judgeCanary({ cumulative, startedAt, share: 10, now: minutes(10), served: { live: 90_000, canary } });
    expect(served(10_000).verdict).toBe('healthy');
    const beyond = served(9_000);
    expect(beyond.verdict).toBe('inconclusive');
    expect(beyond.reasons[0]).toBe(
      "data health: 10000 canary views counted but 9000 canary pages served (page views' tokens given): beacons beyond pages served",
    );
  });

  it('spends its level across the looks: looking every 30 s asks more of each look', () => {
    const live = { '/': sample(20, { errorViews: 0 }) };
    const canary = { '/': sample(6, { errorViews: 6 }) };
    const every = (lookEveryMs: number) =>
      judgeCanary({ cumulative: lanes(live, canary), startedAt, share: 10, now: minutes(3) }, canaryPolicyOf({ lookEveryMs })).verdict;
    expect(every(5 * 60_000)).toBe('rollback');
    expect(every(1000)).toBe('wait');
  });
});

describe('canaryPolicyOf', () => {
  it('keeps the defaults and takes checked overrides', () => {
    expect(canaryPolicyOf({})).toEqual(defaultCanaryPolicy);
    expect(canaryPolicyOf({ lookEveryMs: 30_000, windowMs: undefined })).toEqual({ ...defaultCanaryPolicy, lookEveryMs: 30_000 });
  });

  it('refuses what is not a policy', () => {
    expect(() => canaryPolicyOf({ falseRollbackRate: 1.5 })).toThrow(/above 0 and below 1/);
    expect(() => canaryPolicyOf({ p75Ratio: 0.5 })).toThrow(/at least 1/);
    expect(() => canaryPolicyOf({ windowMs: '10m' })).toThrow(/windowMs/);
    expect(() => canaryPolicyOf({ minRankSamples: Number.NaN })).toThrow(/minRankSamples/);
    expect(() => canaryPolicyOf({ minClients: 0 })).toThrow(/minClients/);
    expect(canaryPolicyOf({ minNetworks: 0 }).minNetworks).toBe(0);
    expect(() => canaryPolicyOf({ surprise: 1 } as never)).toThrow(/Unknown/);
  });
});

/** A sample with extra visitors added: `count` marks in their own networks, each with `views` views. */
function withVisitors(
  base: Sample,
  count: number,
  { views, bad = false, inpMs, lcpMs = 900, network }: { views: number; bad?: boolean; inpMs?: number; lcpMs?: number; network?: number },
): Sample {
  const clients = { ...base.clients };
  const badClients = { ...base.badClients };
  const inpWorst = { ...base.inpWorst };
  const lcpWorst = { ...base.lcpWorst };
  const inp = { ...base.inp };
  const lcp = { ...base.lcp };
  for (let visitor = 0; visitor < count; visitor += 1) {
    const mark = `c${hex6(network ?? 0xa00000 + visitor)}${hex6(0xb00000 + visitor)}`;
    clients[mark] = views;
    if (bad) badClients[mark] = views;
    lcpWorst[mark] = lcpMs;
    const lcpKey = bucketOf('LCP', lcpMs);
    lcp[lcpKey] = (lcp[lcpKey] ?? 0) + views;
    if (inpMs !== undefined) {
      inpWorst[mark] = inpMs;
      const inpKey = bucketOf('INP', inpMs);
      inp[inpKey] = (inp[inpKey] ?? 0) + views;
    }
  }
  const added = count * views;
  return {
    ...base,
    views: base.views + added,
    errorViews: base.errorViews + (bad ? added : 0),
    clients,
    badClients,
    inpWorst,
    lcpWorst,
    inp,
    lcp,
  };
}

describe('judgeCanary, visitor by visitor', () => {
  it('does not roll back for three flaky visitors whose many views all err', () => {
    const live = { '/': sample(9000) };
    const canary = { '/': withVisitors(sample(1000), 3, { views: 30, bad: true }) };
    const verdict = judge(lanes(live, canary), minutes(120));
    expect(verdict.verdict).not.toBe('rollback');
  });

  it('does not roll back for a few heavy visitors on slow devices, whose views are alike', () => {
    // Equal lanes but for chance: 12 heavy slow visitors on the canary where 5 were expected.
    const live = { '/': withVisitors(sample(9000), 45, { views: 20, inpMs: 400 }) };
    const canary = { '/': withVisitors(sample(1000), 12, { views: 20, inpMs: 400 }) };
    const verdict = judge(lanes(live, canary), minutes(120));
    expect(verdict.verdict).not.toBe('rollback');
  });

  it('weighs live’s erring visitors by network: forged live errors from one /24 do not hide a broken canary', () => {
    const live = { '/': withVisitors(sample(1000, { errorViews: 10 }), 400, { views: 1, bad: true, network: 0xf00000 }) };
    const canary = { '/': sample(100, { errorViews: 40 }) };
    const verdict = judge(lanes(live, canary), minutes(60));
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons.join('\n')).toMatch(/visitors who met an error or a failed load 40\.0 % on the canary against 1\.\d % live/);
  });

  it('blocks "healthy" when live rose from its own hours before the canary and the canary did not', () => {
    const cumulative = lanes({ '/': sample(90_000, { errorViews: 1800 }) }, { '/': sample(10_000, { errorViews: 50 }) });
    const baseline = lanes({ '/': sample(90_000, { errorViews: 450 }) }, {});
    const verdict = judgeCanary({ cumulative, baseline, startedAt, share: 10, now: minutes(600) });
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons[0]).toMatch(/^data health: live's visitors met an error or a failed load in 2\.0 % against 0\.50 % in the 3 h before the canary/);
    // Without a rise, the same canary is healthy.
    const steady = lanes({ '/': sample(90_000, { errorViews: 1800 }) }, {});
    expect(judgeCanary({ cumulative, baseline: steady, startedAt, share: 10, now: minutes(600) }).verdict).toBe('healthy');
  });

  it('does not call healthy a canary exactly at the p75 floor (1.1× live’s INP), however many visitors', () => {
    const live = { '/': sample(90_000) };
    const atFloor = judge(lanes(live, { '/': sample(10_000, { inpMs: 132 }) }), minutes(60));
    expect(atFloor.verdict).not.toBe('healthy');
    expect(atFloor.reasons.join('\n')).toMatch(/not yet shown below its floor: INP/);
    expect(judge(lanes(live, { '/': sample(10_000) }), minutes(60)).verdict).toBe('healthy');
  });

  it('finishes a small canary with "no harm found" after six hours, naming what it could have missed', () => {
    const cumulative = lanes({ '/': sample(27_000) }, { '/': sample(3000) });
    const before = judge(cumulative, minutes(6 * 60 - 5));
    expect(before.verdict).toBe('inconclusive');
    const verdict = judge(cumulative, minutes(6 * 60));
    expect(verdict.verdict).toBe('finished');
    expect(verdict.reasons[0]).toMatch(/^inconclusive after 6\.0 h, NOT a healthy verdict: no harm large enough to see was found/);
    expect(verdict.reasons[1]).toMatch(/^no harm found after 360 min and 3000 canary visitors \(3000 views\): at 80 % power/);
    expect(verdict.reasons[2]).toMatch(/^it could have missed smaller harms: an error share below \d+\.\d+ %, INP under 1\.\d\d×, LCP under 1\.\d\d×/);
  });

  it('gives no "no harm found" to a canary over its floor whose test leans its way, though the run had the power', () => {
    // 36 of 3000 canary visitors erring against live's 0.5 %: 2.4× live, over the floor, p ≈ 1e-5
    // (short of this look's rollback level); the run had the power to catch 5× live.
    const live = { '/': sample(27_000, { errorViews: 135 }) };
    const verdict = judge(lanes(live, { '/': sample(3000, { errorViews: 36 }) }), minutes(6 * 60));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons.join('\n')).toMatch(/^no finish while the canary leans worse: whole site \(whole run\): visitors who met an error or a failed load 1\.2 % on the canary/m);
    // The same run without the lean finishes.
    expect(judge(lanes(live, { '/': sample(3000, { errorViews: 15 }) }), minutes(6 * 60)).verdict).toBe('finished');
  });

  it('gives a small site a decision after a working day: "no harm found" at the power it had, naming what it could have missed', () => {
    // 60 canary visitors in 8 h: far from the power for erring visitors ×5 live's.
    const live = { '/': sample(600) };
    const small = lanes(live, { '/': sample(60, { errorViews: 0, failedLoadViews: 0 }) });
    expect(judge(small, minutes(8 * 60 - 5)).verdict).toBe('inconclusive');
    const verdict = judge(small, minutes(8 * 60));
    expect(verdict.verdict).toBe('finished');
    expect(verdict.reasons[0]).toMatch(/^inconclusive after 8\.0 h, NOT a healthy verdict: no harm large enough to see was found, and it could have missed an erring share below \d+\.\d % of canary visitors/);
    expect(verdict.reasons[1]).toMatch(/^no harm found after 480 min and 60 canary visitors \(60 views\): at 80 % power this run would have caught visitors meeting an error or a failed load in \d+\.\d % of canary visitors/);
    expect(verdict.reasons[2]).toMatch(/^it could have missed smaller harms: an error share below \d+\.\d %, INP under \d\.\d\d×, LCP under \d\.\d\d×/);
    expect(verdict.reasons[3]).toMatch(/^a working day's decision at the power it had, short of the harms the policy names/);
    // Never on too little data, nor while the canary leans worse.
    expect(judge(lanes(live, { '/': sample(15, { errorViews: 0, failedLoadViews: 0 }) }), minutes(8 * 60)).verdict).toBe('inconclusive');
    expect(judge(lanes(live, { '/': sample(60, { errorViews: 6, failedLoadViews: 0 }) }), minutes(8 * 60)).verdict).toBe('inconclusive');
  });

  it("states a finish's power at the level each of the look's site tests has, the recent hour's too", () => {
    const cumulative = lanes({ '/': sample(27_000) }, { '/': sample(3000) });
    const caughtShare = (verdict: { reasons: string[] }) =>
      Number(/caught visitors meeting an error or a failed load in (\d+\.\d+) %/.exec(verdict.reasons.join('\n'))?.[1]);
    const alone = judgeCanary({ cumulative, startedAt, share: 10, now: minutes(6 * 60) });
    // The recent hour adds its site tests: each gets a smaller share of the level, so less is caught.
    const withRecent = judgeCanary({ cumulative, recent: cumulative, startedAt, share: 10, now: minutes(6 * 60) });
    expect(alone.verdict).toBe('finished');
    expect(withRecent.verdict).toBe('finished');
    expect(caughtShare(withRecent)).toBeGreaterThan(caughtShare(alone));
  });
});
