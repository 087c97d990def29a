// @ts-check
/**
 * A seeded model of a site's visitors for the canary judge's bench: views arrive as a Poisson
 * process split over routes and lanes; each view errs, fails a load, has an LCP and (for the
 * share of visitors who interact) an INP, drawn from the distributions below, then counted
 * into the same samples and histogram buckets the render servers store. Each canary view comes
 * from a visitor drawn from the day's canary visitors (each makes `viewsPerVisitor` views a day
 * on average), four visitors to a network, marked as the render servers mark them.
 */
const prand = require('pure-rand');
const { bucketOf } = require('../../platform/field-data/histogram.cjs');
const { canaryPolicyOf, judgeCanary } = require('../../platform/releases/canary-judge.cjs');
const { emptySample } = require('../../platform/releases/canary-samples.cjs');

/** @typedef {import('../../platform/releases/canary-samples.cjs').Sample} Sample */
/** @typedef {import('../../platform/releases/canary-samples.cjs').LaneSamples} LaneSamples */

/** The canary's share of visitors, in percent. */
const share = 10;

/** The model, as the report states it. */
const model = Object.freeze({
  routes: /** @type {Record<string, number>} */ ({
    '/': 0.5,
    '/about': 0.2,
    '/contact': 0.2,
    '/menu': 0.1,
  }),
  errorShare: 0.005,
  failedLoadShare: 0.002,
  lcpMedianMs: 900,
  lcpSigma: 0.5,
  inpMedianMs: 120,
  inpSigma: 0.6,
  interactShare: 0.4,
  viewsPerVisitor: 1.5,
  visitorsPerNetwork: 4,
});

const hex6 = (/** @type {number} */ value) => value.toString(16).padStart(6, '0');

/** A visitor's client mark (platform/field-data/client-marks.cjs's shape). @param {number} visitor */
const markOf = (visitor) =>
  `c${hex6(Math.floor(visitor / model.visitorsPerNetwork) % 0x1000000)}${hex6(visitor % 0x1000000)}`;

/**
 * How the canary differs from live in a scenario.
 * @typedef {object} Defect
 * @property {string} [brokenRoute] every canary view of it errs
 * @property {number} [errorFactor] the canary's error share × this
 * @property {number} [inpFactor] the canary's INP × this, on inpRoute (every route without it)
 * @property {string} [inpRoute]
 */

/** A random source: uniform numbers in [0, 1), normals, Poisson counts. @param {number} seed */
function randomSource(seed) {
  const generator = prand.xoroshiro128plus(seed);
  const uniform = () => (generator.unsafeNext() >>> 0) / 4_294_967_296;
  const normal = () => {
    const u = uniform() || Number.MIN_VALUE;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
  /** @param {number} mean */
  const poisson = (mean) => {
    if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
    const limit = Math.exp(-mean);
    let count = -1;
    for (let product = 1; product > limit; product *= uniform()) count += 1;
    return count;
  };
  return { uniform, normal, poisson };
}

/**
 * Adds `count` views of one lane on one route to a sample.
 * @param {Sample} sample @param {number} count @param {string} route
 * @param {Defect | null} defect null for live (and a canary equal to it)
 * @param {ReturnType<typeof randomSource>} random
 * @param {number} visitors how many visitors the views come from (0: not marked, as live)
 */
function addViews(sample, count, route, defect, random, visitors) {
  const errorShare = model.errorShare * (defect?.errorFactor ?? 1);
  const broken = defect?.brokenRoute === route;
  const inpFactor =
    defect?.inpFactor && (!defect.inpRoute || defect.inpRoute === route) ? defect.inpFactor : 1;
  for (let view = 0; view < count; view += 1) {
    sample.views += 1;
    const mark = visitors > 0 ? markOf(Math.floor(random.uniform() * visitors)) : '';
    if (mark) sample.clients[mark] = (sample.clients[mark] ?? 0) + 1;
    const error = broken || random.uniform() < errorShare;
    const failedLoad = random.uniform() < model.failedLoadShare;
    if (error) sample.errorViews += 1;
    if (failedLoad) sample.failedLoadViews += 1;
    if (mark && (error || failedLoad)) sample.badClients[mark] = (sample.badClients[mark] ?? 0) + 1;
    const lcp = model.lcpMedianMs * Math.exp(model.lcpSigma * random.normal());
    const lcpKey = bucketOf('LCP', lcp);
    sample.lcp[lcpKey] = (sample.lcp[lcpKey] ?? 0) + 1;
    if (random.uniform() < model.interactShare) {
      const inp = inpFactor * model.inpMedianMs * Math.exp(model.inpSigma * random.normal());
      const inpKey = bucketOf('INP', inp);
      sample.inp[inpKey] = (sample.inp[inpKey] ?? 0) + 1;
    }
  }
}

/**
 * One interval's traffic: views per route and lane.
 * @param {object} step
 * @param {number} step.viewsPerHour all lanes
 * @param {number} step.share the canary's share, in percent
 * @param {number} step.ms the interval
 * @param {Defect | null} step.defect
 * @param {ReturnType<typeof randomSource>} random
 * @returns {{ live: Record<string, Sample>; canary: Record<string, Sample> }}
 */
function trafficOf({ viewsPerHour, share, ms, defect }, random) {
  /** @type {{ live: Record<string, Sample>; canary: Record<string, Sample> }} */
  const lanes = { live: {}, canary: {} };
  for (const [route, weight] of Object.entries(model.routes))
    for (const lane of /** @type {const} */ (['live', 'canary'])) {
      const laneShare = lane === 'canary' ? share / 100 : 1 - share / 100;
      const count = random.poisson((viewsPerHour * ms * weight * laneShare) / 3_600_000);
      if (count === 0) continue;
      const sample = emptySample();
      const visitors =
        lane === 'canary'
          ? Math.max(1, Math.round((viewsPerHour * 24 * laneShare) / model.viewsPerVisitor))
          : 0;
      addViews(sample, count, route, lane === 'canary' ? defect : null, random, visitors);
      lanes[lane][route] = sample;
    }
  return lanes;
}

/**
 * @typedef {object} RunOutcome
 * @property {number | null} rollbackAt ms since the start
 * @property {number | null} healthyBeforeRollbackAt the first "healthy", if before any rollback
 * @property {number} canaryViews at the rollback (or the end)
 * @property {number} brokenViews canary views of the broken route at the rollback
 * @property {string} last the verdict at the last look
 */

/**
 * Adds (sign 1) or takes away (sign -1) one step's samples, in place: the recent window moves
 * by one step per look instead of being summed again.
 * @param {LaneSamples} into @param {LaneSamples} step @param {1 | -1} [sign]
 */
function addInto(into, step, sign = 1) {
  for (const lane of /** @type {const} */ (['live', 'canary']))
    for (const [route, sample] of Object.entries(step[lane])) {
      const target = (into[lane][route] ??= emptySample());
      target.views += sign * sample.views;
      target.errorViews += sign * sample.errorViews;
      target.failedLoadViews += sign * sample.failedLoadViews;
      for (const field of /** @type {const} */ (['inp', 'lcp', 'clients', 'badClients']))
        for (const [key, count] of Object.entries(sample[field])) {
          const next = (target[field][key] ?? 0) + sign * count;
          if (next > 0) target[field][key] = next;
          else delete target[field][key];
        }
    }
}

/**
 * One canary run, looked at every `lookEveryMs` until a rollback or `durationMs`.
 * @param {object} run
 * @param {number} run.viewsPerHour @param {number} run.lookEveryMs @param {number} run.durationMs
 * @param {Defect | null} run.defect @param {number} run.seed
 * @param {(atMs: number, step: LaneSamples) => void} [run.forge] adds forged data to a step
 * @param {(atMs: number) => { live: number; canary: number }} [run.unserved] views counted in a
 *   step without a page served (tokens replayed); every other view's page was served
 * @returns {RunOutcome}
 */
function simulateRun({
  viewsPerHour,
  lookEveryMs,
  durationMs,
  defect,
  seed: runSeed,
  forge,
  unserved,
}) {
  const policy = canaryPolicyOf({ lookEveryMs });
  const random = randomSource(runSeed);
  /** @type {LaneSamples} */
  const cumulative = { live: {}, canary: {} };
  /** @type {LaneSamples[]} */
  const window = [];
  const windowSteps = Math.ceil(policy.recentMs / lookEveryMs);
  /** @type {LaneSamples} */
  const recent = { live: {}, canary: {} };
  /** @type {number | null} */
  let healthyAt = null;
  let last = 'wait';
  const served = { live: 0, canary: 0 };
  for (let at = lookEveryMs; at <= durationMs; at += lookEveryMs) {
    const step = trafficOf({ viewsPerHour, share, ms: lookEveryMs, defect }, random);
    forge?.(at, step);
    const replayed = unserved?.(at) ?? { live: 0, canary: 0 };
    for (const lane of /** @type {const} */ (['live', 'canary']))
      served[lane] +=
        Object.values(step[lane]).reduce((sum, sample) => sum + sample.views, 0) - replayed[lane];
    addInto(cumulative, step);
    window.push(step);
    addInto(recent, step);
    if (window.length > windowSteps)
      addInto(recent, /** @type {LaneSamples} */ (window.shift()), -1);
    const verdict = judgeCanary(
      { cumulative, recent, startedAt: 0, share, served, now: at },
      policy,
    );
    last = verdict.verdict;
    if (verdict.verdict === 'healthy') healthyAt ??= at;
    if (verdict.verdict === 'rollback') {
      const views = Object.values(cumulative.canary).reduce((sum, s) => sum + s.views, 0);
      return {
        rollbackAt: at,
        healthyBeforeRollbackAt: healthyAt,
        canaryViews: views,
        brokenViews: defect?.brokenRoute ? (cumulative.canary[defect.brokenRoute]?.views ?? 0) : 0,
        last,
      };
    }
  }
  const views = Object.values(cumulative.canary).reduce((sum, s) => sum + s.views, 0);
  return {
    rollbackAt: null,
    healthyBeforeRollbackAt: healthyAt,
    canaryViews: views,
    brokenViews: 0,
    last,
  };
}

module.exports = { model, share, simulateRun };
