// @ts-check
/**
 * A seeded model of a site's visitors for the canary judge's bench: views arrive as a Poisson
 * process split over routes and lanes; each view errs, fails a load, has an LCP and (for the
 * share of visitors who interact) an INP, drawn from the distributions below, then counted
 * into the same samples and histogram buckets the render servers store.
 */
const prand = require('pure-rand');
const { bucketOf } = require('../../platform/field-data/histogram.cjs');
const { emptySample } = require('../../platform/releases/canary-samples.cjs');

/** @typedef {import('../../platform/releases/canary-samples.cjs').Sample} Sample */

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
});

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
 */
function addViews(sample, count, route, defect, random) {
  const errorShare = model.errorShare * (defect?.errorFactor ?? 1);
  const broken = defect?.brokenRoute === route;
  const inpFactor =
    defect?.inpFactor && (!defect.inpRoute || defect.inpRoute === route) ? defect.inpFactor : 1;
  for (let view = 0; view < count; view += 1) {
    sample.views += 1;
    if (broken || random.uniform() < errorShare) sample.errorViews += 1;
    if (random.uniform() < model.failedLoadShare) sample.failedLoadViews += 1;
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
      addViews(sample, count, route, lane === 'canary' ? defect : null, random);
      lanes[lane][route] = sample;
    }
  return lanes;
}

module.exports = { model, randomSource, trafficOf };
