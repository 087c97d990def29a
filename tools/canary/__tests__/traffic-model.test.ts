import type { CanaryVerdict } from '../../../platform/releases/canary-judge.cjs';
import {
  addToSample,
  viewRateOf,
  visitorCountsOf,
  worstHistogramOf,
} from '../../../platform/releases/canary-visitors.cjs';
import {
  emptySample,
  mergeSamples,
  type Sample,
} from '../../../platform/releases/canary-samples.cjs';
import trafficModel from '../traffic-model.cjs';

type Defect = Parameters<typeof trafficModel.simulateRun>[0]['defect'];

/** Every look's verdict of one seeded run. */
function verdictsOf(defect: Defect, natShare: number, seed: number, afresh: boolean) {
  const verdicts: [number, CanaryVerdict][] = [];
  const outcome = trafficModel.simulateRun({
    viewsPerHour: 500,
    lookEveryMs: 5 * 60_000,
    durationMs: 7 * 3_600_000,
    defect,
    natShare,
    seed,
    afresh,
    onVerdict: (at, verdict) => verdicts.push([at, verdict]),
  });
  return { outcome, verdicts };
}

describe('the canary bench’s growing samples', () => {
  // The bench hands the judge its growing samples with their summaries kept current as views
  // come; judging fresh copies from scratch must give the very same verdicts, reasons and all.
  it.each([
    ['a canary equal to live, 30 % behind one NAT', null, 0.3, 11],
    ['error share 5×', { errorFactor: 5 }, 0, 12],
    ['INP +50 %', { inpFactor: 1.5 }, 0, 13],
    ['Home throwing', { brokenRoute: '/' }, 0, 14],
  ] as const)(
    'give the judge the same verdict at every look as fresh copies: %s',
    (_name, defect, natShare, seed) => {
      const growing = verdictsOf(defect, natShare, seed, false);
      const afresh = verdictsOf(defect, natShare, seed, true);
      expect(growing.verdicts.length).toBeGreaterThan(0);
      expect(growing.verdicts).toEqual(afresh.verdicts);
      expect(growing.outcome).toEqual(afresh.outcome);
    },
  );

  it('keep the visitor counts and worst values a fresh merge works out', () => {
    const part = (marks: Record<string, [number, number, number, number]>): Sample => {
      const sample = emptySample();
      for (const [mark, [views, bad, inp, lcp]] of Object.entries(marks)) {
        sample.views += views;
        if (views) sample.clients[mark] = views;
        if (bad) sample.badClients[mark] = bad;
        if (inp) sample.inpWorst[mark] = inp;
        sample.lcpWorst[mark] = lcp;
      }
      return sample;
    };
    const parts = [
      part({
        c000001000001: [2, 0, 100, 900],
        c000001000002: [1, 1, 0, 800],
        c000002000003: [3, 0, 140, 1000],
      }),
      // A visitor's worse values replace its old ones; one only erring (its view over budget).
      part({ c000001000001: [1, 1, 300, 700], c000003000004: [0, 1, 0, 1200] }),
      part({ c000002000003: [1, 0, 90, 2000], c000001000005: [1, 1, 100, 900] }),
    ];
    const growing = emptySample();
    for (const each of parts) {
      addToSample(growing, each);
      // Asked between additions, as a look does.
      visitorCountsOf(growing, 'bad');
      worstHistogramOf(growing.inpWorst, 'highest');
      viewRateOf(growing, 2, 1, true);
    }
    const fresh = mergeSamples(parts);
    for (const weigh of ['bad', 'visitors', 'none'] as const)
      expect(visitorCountsOf(growing, weigh)).toEqual(
        visitorCountsOf({ ...fresh, clients: { ...fresh.clients } }, weigh),
      );
    // The rate's sums, kept current view by view (a visitor over the caps of 2 views and 1
    // erring view is scaled down), are those worked out afresh.
    for (const weigh of [true, false]) {
      const kept = viewRateOf(growing, 2, 1, weigh);
      const afresh = viewRateOf({ ...fresh, clients: { ...fresh.clients } }, 2, 1, weigh);
      for (const key of Object.keys(afresh) as (keyof typeof afresh)[])
        expect(kept[key]).toBeCloseTo(afresh[key], 9);
    }
    for (const field of ['inpWorst', 'lcpWorst'] as const)
      for (const drop of ['highest', 'lowest', 'none'] as const)
        expect(worstHistogramOf(growing[field], drop)).toEqual(
          worstHistogramOf({ ...fresh[field] }, drop),
        );
  });
});

describe('a staged canary in the bench', () => {
  it('draws new visitors at the wider share from its time on', () => {
    const run = (widen?: { share: number; afterMs: number }) =>
      trafficModel.simulateRun({
        viewsPerHour: 500,
        lookEveryMs: 5 * 60_000,
        durationMs: 3_600_000,
        defect: null,
        seed: 21,
        ...(widen ? { widen } : {}),
      });
    const fixed = run();
    const staged = run({ share: 50, afterMs: 30 * 60_000 });
    const early = run({ share: 50, afterMs: 0 });
    // About 190 visitors an hour: 10 % of them, against 10 % for half the hour and 50 % after.
    expect(staged.canaryVisitors).toBeGreaterThan(fixed.canaryVisitors * 2);
    expect(early.canaryVisitors).toBeGreaterThan(staged.canaryVisitors);
  });
});
