import { defaultCanaryPolicy, judgeCanary } from '../canary-judge.cjs';
import { emptySample, type LaneSamples, type Sample } from '../canary-samples.cjs';
import { viewRateOf } from '../canary-visitors.cjs';
import { rateGreater } from '../canary-tests.cjs';

const startedAt = '2026-11-24T10:00:00.000Z';
const minutes = (count: number) => Date.parse(startedAt) + count * 60_000;
const hex6 = (value: number) => value.toString(16).padStart(6, '0');

/** One visitor: its views, its erring views, and the network (IPv4 /24) it sits in. */
type Visitor = { views: number; erring: number; network: number };

/**
 * A sample from visitors, as the minute aggregates keep it: views and erring views by client
 * mark, each visitor's worst INP and LCP (all alike here: these tests are about errors).
 */
function sampleOf(visitors: Visitor[], first: number): Sample {
  const sample: Sample = emptySample();
  visitors.forEach((visitor, index) => {
    const mark = `c${hex6(visitor.network)}${hex6(first + index)}`;
    sample.views += visitor.views;
    sample.errorViews += visitor.erring;
    sample.clients[mark] = visitor.views;
    if (visitor.erring > 0) sample.badClients[mark] = visitor.erring;
    sample.inpWorst[mark] = 100 + ((first + index) % 50);
    sample.lcpWorst[mark] = 900 + ((first + index) % 200);
  });
  return sample;
}

/**
 * `count` visitors of 1 to 5 views in networks of four from `network` on, the first `erring`
 * of them each with one erring view.
 */
function crowd(count: number, erring: number, network: number): Visitor[] {
  return Array.from({ length: count }, (_, index) => ({
    views: 1 + (index % 5),
    erring: index < erring ? 1 : 0,
    network: network + Math.floor(index / 4),
  }));
}

const judgeAt = (cumulative: LaneSamples, at: number, baseline?: LaneSamples) =>
  judgeCanary(
    { cumulative, ...(baseline ? { baseline } : {}), startedAt, share: 10, now: minutes(at) },
    defaultCanaryPolicy,
  );

describe('the canary judge on erring views per view, visitor by visitor', () => {
  it.each([
    ['one heavy flaky visitor', 1],
    // Two, in two networks: the network of the most erring views is cut to the next one's, so
    // one alone is cut by the network weighting; two are not, and are the rate test's to weigh.
    ['two heavy flaky visitors in two networks', 2],
  ])('does not roll back an otherwise equal canary for %s, all of whose views err', (_, count) => {
    // Live and canary alike (0.7 % of visitors erring once), plus on the canary visitors of 300
    // views, each with an error: view by view that is a canary erring on a fifth or more of its
    // views; visitor by visitor each is one visitor.
    const live = sampleOf(crowd(3000, 21, 0), 0);
    const heavy = Array.from({ length: count }, (__, index) => ({ views: 300, erring: 300, network: 5000 + index }));
    const canary = sampleOf([...crowd(330, 3, 2000), ...heavy], 100_000);
    const naive = viewRateOf(canary, Infinity, Infinity, false);
    // Counted as independent views, they would decide: 303 or more of 1290 views against 21 of
    // 9000 is far beyond any level.
    expect(naive.errors / naive.views).toBeGreaterThan(0.2);
    const cumulative: LaneSamples = { live: { '/': live }, canary: { '/': canary } };
    for (const at of [30, 60, 120, 600]) expect(judgeAt(cumulative, at).verdict).not.toBe('rollback');
    // Each weighs two erring views at most, the dispersion the rest: the rate test's p-value
    // stays far from any level.
    const test = rateGreater(viewRateOf(canary, 20, 2, true), viewRateOf(live, 20, 2, true));
    expect(test.p).toBeGreaterThan(1e-3);
  });

  it('rolls back a canary whose visitors err more often on their views, with a visitor each erring', () => {
    // Each canary visitor of 5 views errs on 2 of them; live's on 1: the same share of visitors
    // meets an error, twice the erring views.
    const live = sampleOf(
      Array.from({ length: 5000 }, (_, index) => ({ views: 5, erring: index % 20 === 0 ? 1 : 0, network: Math.floor(index / 4) })),
      0,
    );
    const canary = sampleOf(
      Array.from({ length: 600 }, (_, index) => ({ views: 5, erring: index % 20 === 0 ? 2 : 0, network: 3000 + Math.floor(index / 4) })),
      100_000,
    );
    const cumulative: LaneSamples = { live: { '/': live }, canary: { '/': canary } };
    const verdict = judgeAt(cumulative, 120);
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons.join('\n')).toMatch(/views with an error or a failed load 2\.0 % on the canary against 1\.0 % live/);
  });
});

describe('forged live beacons from one network', () => {
  // A canary erring for most of its few visitors; live with one real network of two erring
  // visitors; and, in the attacked run, 30 forged erring live visitors from one /24.
  const canary = sampleOf(
    [
      ...Array.from({ length: 5 }, (_, index) => ({ views: 1, erring: 1, network: 100 + index })),
      { views: 1, erring: 0, network: 110 },
      { views: 2, erring: 0, network: 111 },
    ],
    200_000,
  );
  const honest = [...crowd(36, 0, 0), { views: 2, erring: 1, network: 500 }, { views: 1, erring: 1, network: 500 }];
  const forged = Array.from({ length: 30 }, () => ({ views: 2, erring: 2, network: 0xf6f6f6 }));
  const baseline: LaneSamples = { live: { '/': sampleOf(crowd(110, 1, 1000), 300_000) }, canary: {} };

  it('do not delay the rollback of a broken canary: live is then compared as it was before the canary', () => {
    const unattacked: LaneSamples = { live: { '/': sampleOf(honest, 0) }, canary: { '/': canary } };
    const attacked: LaneSamples = { live: { '/': sampleOf([...honest, ...forged], 0) }, canary: { '/': canary } };
    expect(judgeAt(unattacked, 70, baseline).verdict).toBe('rollback');
    const verdict = judgeAt(attacked, 70, baseline);
    expect(verdict.verdict).toBe('rollback');
    expect(verdict.reasons[0]).toMatch(/^live compared as it was in the 3 h before the canary: its erring visitors rose since, from one network/);
  });

  it('leave a rise spread over many networks (live worse for everyone) compared as it is', () => {
    // Live's own fault, spread over networks: the canary is compared with live now and,
    // sharing the fault, is not rolled back.
    const spreadFault = crowd(40, 20, 0);
    const sharing = sampleOf(crowd(8, 4, 100), 200_000);
    const cumulative: LaneSamples = { live: { '/': sampleOf(spreadFault, 0) }, canary: { '/': sharing } };
    const verdict = judgeAt(cumulative, 70, baseline);
    expect(verdict.verdict).not.toBe('rollback');
    expect(verdict.reasons.join('\n')).not.toMatch(/live compared as it was/);
  });
});

describe('a finish is not read as "promote"', () => {
  it('says first that it is not healthy and what it could have missed', () => {
    const live = { '/': sampleOf(crowd(600, 3, 0), 0) };
    const canary = { '/': sampleOf(crowd(60, 0, 1000), 100_000) };
    const verdict = judgeAt({ live, canary }, 8 * 60);
    expect(verdict.verdict).toBe('finished');
    expect(verdict.reasons[0]).toMatch(
      /^inconclusive after 8\.0 h, NOT a healthy verdict: no harm large enough to see was found, and it could have missed an erring share below \d+\.\d % of canary visitors .*, INP under \d\.\d\d× live's, LCP under \d\.\d\d× live's/,
    );
  });

  it('gives no finish while the canary is worse than live by more than half a floor', () => {
    // 2 of 60 canary visitors erring (3.3 %) against 0.5 % live: over half the floor (0.5 % ×
    // 1.25 + 0.1 points), far from significant on 60 visitors.
    const live = { '/': sampleOf(crowd(600, 3, 0), 0) };
    const canary = { '/': sampleOf(crowd(60, 2, 1000), 100_000) };
    const verdict = judgeAt({ live, canary }, 8 * 60);
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons.join('\n')).toMatch(
      /no finish while the canary is worse than live by more than half a floor: visitors who met an error or a failed load 3\.3 % on the canary against 0\.50 % live/,
    );
  });
});
