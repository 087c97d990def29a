// @ts-check
/**
 * A seeded model of a site's visitors for the canary judge's bench, built to break a judge that
 * treats views as independent: visitors come in sessions of very different lengths (a few make
 * most of the views), one visitor's views share a device (their INP and LCP are alike), a few
 * visitors' browsers throw far more often than the rest, and a share of visitors may sit behind
 * one NAT (one address: one client mark). Each session is drawn into the canary or live as the
 * cohort cookie draws it, its views spread round-robin over three render instances, and each
 * view is counted as the intake counts it (a client's budget per lane, hour and instance),
 * then kept as the minute aggregates keep it: views, erring views, and by client mark the views,
 * the erring views and the worst INP and LCP.
 */
const prand = require('pure-rand');
const { clientBudget } = require('../../platform/field-data/client-budget.cjs');
const { canaryPolicyOf, judgeCanary } = require('../../platform/releases/canary-judge.cjs');
const { emptySample, mergeSamples } = require('../../platform/releases/canary-samples.cjs');
const { addToSample } = require('../../platform/releases/canary-visitors.cjs');

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
  /** Session length: ceil(exp(σ·N(0,1))) views, at most 200 (median 1, mean about 2.4). */
  sessionSigma: 1.2,
  maxSessionViews: 200,
  /** Most visitors' views err with this probability… */
  errorShare: 0.003,
  /** …a few flaky visitors' with this one. */
  flakyShare: 0.03,
  flakyErrorShare: 0.1,
  failedLoadShare: 0.002,
  /** A visitor's device: INP and LCP × exp(σ·N(0,1)) for all of its views. */
  deviceSigma: 0.4,
  lcpMedianMs: 900,
  lcpSigma: 0.35,
  inpMedianMs: 120,
  inpSigma: 0.45,
  /** Visitors who interact at all (then each of their views has an INP). */
  interactShare: 0.6,
  visitorsPerNetwork: 4,
  instances: 3,
});

const hex6 = (/** @type {number} */ value) => value.toString(16).padStart(6, '0');

/** A visitor's client mark (platform/field-data/client-marks.cjs's shape). @param {number} visitor */
const markOf = (visitor) =>
  `c${hex6(Math.floor(visitor / model.visitorsPerNetwork) % 0x1000000)}${hex6(visitor % 0x1000000)}`;
/** The one NAT's mark: one address in its own network. */
const natMark = 'cfffffefffffe';

/**
 * How the canary differs from live in a scenario.
 * @typedef {object} Defect
 * @property {string} [brokenRoute] every canary view of it errs
 * @property {number} [errorFactor] the canary's per-view error shares × this
 * @property {number} [extraErringShare] each canary visitor also errs on its first view with this
 *   probability (the error floor: visitors erring at live's share × 1.5 + 0.2 points)
 * @property {number} [inpFactor] the canary's INP × this, on inpRoute (every route without it)
 * @property {string} [inpRoute]
 * @property {number} [lcpFactor] the canary's LCP × this
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

/** @typedef {ReturnType<typeof randomSource>} Random */

/** @param {Random} random */
const sessionViews = (random) =>
  Math.min(model.maxSessionViews, Math.ceil(Math.exp(model.sessionSigma * random.normal())));

/** Mean views per session and the share of sessions meeting an error or a failed load (Monte Carlo, seeded). */
const sessionFacts = (() => {
  const random = randomSource(7);
  let views = 0;
  let erring = 0;
  const count = 400_000;
  for (let session = 0; session < count; session += 1) {
    const length = sessionViews(random);
    views += length;
    const errorShare =
      random.uniform() < model.flakyShare ? model.flakyErrorShare : model.errorShare;
    const clean = (1 - errorShare) ** length * (1 - model.failedLoadShare) ** length;
    if (random.uniform() > clean) erring += 1;
  }
  return { meanViews: views / count, erringShare: erring / count };
})();

/**
 * The canary's extra erring share that puts its erring visitors exactly at the floor (live's
 * share × 1.5 + 0.2 points). @param {{ errorRatio: number; errorPoints: number }} policy
 */
const erringFloorExtra = (policy) => {
  const q = sessionFacts.erringShare;
  return ((policy.errorRatio - 1) * q + policy.errorPoints) / (1 - q);
};

/**
 * Counts the intake leaves of one client's views on one instance: its budget per lane, hour
 * and instance (a client's budget is stated per instance).
 * @typedef {Map<string, { views: number; errorViews: number; failedLoadViews: number }>} Budgets
 */

/**
 * Adds one view to a sample as the intake and aggregator would.
 * @param {Sample} sample @param {string} mark @param {{ error: boolean; failedLoad: boolean; inp: number | null; lcp: number }} view
 * @param {{ views: number; errorViews: number; failedLoadViews: number }} spent
 */
function addView(sample, mark, view, spent) {
  const counted = spent.views < clientBudget.views;
  const error = view.error && spent.errorViews < clientBudget.errorViews;
  const failedLoad = view.failedLoad && spent.failedLoadViews < clientBudget.errorViews;
  if (counted) {
    spent.views += 1;
    sample.views += 1;
    sample.clients[mark] = (sample.clients[mark] ?? 0) + 1;
  }
  if (error) {
    spent.errorViews += 1;
    sample.errorViews += 1;
  }
  if (failedLoad) {
    spent.failedLoadViews += 1;
    sample.failedLoadViews += 1;
  }
  if (error || failedLoad) sample.badClients[mark] = (sample.badClients[mark] ?? 0) + 1;
  sample.lcpWorst[mark] = Math.max(sample.lcpWorst[mark] ?? 0, Math.max(1, Math.round(view.lcp)));
  if (view.inp !== null)
    sample.inpWorst[mark] = Math.max(sample.inpWorst[mark] ?? 0, Math.max(1, Math.round(view.inp)));
}

/**
 * One interval's traffic: sessions, their views per route and lane.
 * @param {object} step
 * @param {number} step.viewsPerHour all lanes
 * @param {number} step.share the canary's share, in percent
 * @param {number} step.ms the interval
 * @param {number} step.atMs the interval's end (for the budgets' hour)
 * @param {Defect | null} step.defect
 * @param {number} step.natShare the share of visitors behind one NAT
 * @param {{ next: number }} step.visitors the next visitor's number
 * @param {Budgets} step.budgets
 * @param {Random} random
 * @returns {LaneSamples}
 */
function trafficOf(
  { viewsPerHour, share: canaryShare, ms, atMs, defect, natShare, visitors, budgets },
  random,
) {
  /** @type {LaneSamples} */
  const lanes = { live: {}, canary: {} };
  const sessions = random.poisson((viewsPerHour * ms) / 3_600_000 / sessionFacts.meanViews);
  const hour = Math.floor(atMs / 3_600_000);
  const routes = Object.entries(model.routes);
  let instance = 0;
  for (let session = 0; session < sessions; session += 1) {
    const lane = random.uniform() < canaryShare / 100 ? 'canary' : 'live';
    const bad = lane === 'canary' ? defect : null;
    const mark = random.uniform() < natShare ? natMark : markOf(visitors.next++);
    const device = Math.exp(model.deviceSigma * random.normal());
    const flaky = random.uniform() < model.flakyShare;
    const interacts = random.uniform() < model.interactShare;
    const errorShare = (flaky ? model.flakyErrorShare : model.errorShare) * (bad?.errorFactor ?? 1);
    const extraFirst = bad?.extraErringShare ? random.uniform() < bad.extraErringShare : false;
    const length = sessionViews(random);
    for (let view = 0; view < length; view += 1) {
      let pick = random.uniform();
      let route = '/';
      for (const [name, weight] of routes) {
        route = name;
        if ((pick -= weight) < 0) break;
      }
      const inpFactor =
        bad?.inpFactor && (!bad.inpRoute || bad.inpRoute === route) ? bad.inpFactor : 1;
      const values = {
        error:
          bad?.brokenRoute === route || (view === 0 && extraFirst) || random.uniform() < errorShare,
        failedLoad: random.uniform() < model.failedLoadShare,
        inp: interacts
          ? inpFactor * device * model.inpMedianMs * Math.exp(model.inpSigma * random.normal())
          : null,
        lcp:
          (bad?.lcpFactor ?? 1) *
          device *
          model.lcpMedianMs *
          Math.exp(model.lcpSigma * random.normal()),
      };
      instance = (instance + 1) % model.instances;
      const key = `${lane} ${mark} ${instance} ${hour}`;
      let spent = budgets.get(key);
      if (!spent) budgets.set(key, (spent = { views: 0, errorViews: 0, failedLoadViews: 0 }));
      addView((lanes[lane][route] ??= emptySample()), mark, values, spent);
    }
  }
  return lanes;
}

/**
 * @typedef {object} RunOutcome
 * @property {number | null} rollbackAt ms since the start
 * @property {number | null} healthyBeforeRollbackAt the first "healthy", if before any rollback
 * @property {number | null} finishedAt the first "no harm found", if before any rollback
 * @property {number} canaryViews at the rollback (or the end)
 * @property {number} canaryVisitors at the rollback (or the end)
 * @property {number} brokenVisitors canary visitors of the broken route at the rollback
 * @property {string} last the verdict at the last look
 * @property {string | null} finishedReason what the first "no harm found" said (its reasons, a line each)
 */

/**
 * Adds one step's samples into running ones, in place (counts add, worst values take the larger).
 * @param {LaneSamples} into @param {LaneSamples} step
 */
function addInto(into, step) {
  for (const lane of /** @type {const} */ (['live', 'canary']))
    for (const [route, sample] of Object.entries(step[lane])) {
      const target = (into[lane][route] ??= emptySample());
      target.views += sample.views;
      target.errorViews += sample.errorViews;
      target.failedLoadViews += sample.failedLoadViews;
      for (const field of /** @type {const} */ (['clients', 'badClients']))
        for (const key in sample[field])
          target[field][key] = (target[field][key] ?? 0) + (sample[field][key] ?? 0);
      for (const field of /** @type {const} */ (['inpWorst', 'lcpWorst']))
        for (const key in sample[field])
          target[field][key] = Math.max(target[field][key] ?? 0, sample[field][key] ?? 0);
    }
}

/**
 * Adds one step's samples into running ones that the judge reads at every look, keeping what
 * it works out about them current (addToSample), and into each lane's whole site.
 * @param {Required<LaneSamples>} into @param {LaneSamples} step
 */
function addGrowing(into, step) {
  for (const lane of /** @type {const} */ (['live', 'canary']))
    for (const [route, sample] of Object.entries(step[lane])) {
      addToSample((into[lane][route] ??= emptySample()), sample);
      addToSample(into.site[lane], sample);
    }
}

/** @returns {Required<LaneSamples>} */
const growingLanes = () => ({
  live: {},
  canary: {},
  site: { live: emptySample(), canary: emptySample() },
});

/**
 * A fresh copy of running samples for one look: the judge keeps what it works out about a
 * sample's maps by their identity, and the running maps change between looks.
 * @param {LaneSamples} lanes @returns {LaneSamples}
 */
function snapshotOf(lanes) {
  /** @param {Record<string, Sample>} routes */
  const copy = (routes) =>
    Object.fromEntries(
      Object.entries(routes).map(([route, sample]) => [
        route,
        {
          ...sample,
          clients: { ...sample.clients },
          badClients: { ...sample.badClients },
          inpWorst: { ...sample.inpWorst },
          lcpWorst: { ...sample.lcpWorst },
        },
      ]),
    );
  return { live: copy(lanes.live), canary: copy(lanes.canary) };
}

/** @param {Record<string, Sample>} routes */
const visitorsIn = (routes) => Object.keys(mergeSamples(Object.values(routes)).clients).length;

/**
 * One canary run, looked at every `lookEveryMs` until a rollback or `durationMs`, after
 * `baselineMs` of live alone (the hours the judge compares live with).
 * @param {object} run
 * @param {number} run.viewsPerHour @param {number} run.lookEveryMs @param {number} run.durationMs
 * @param {Defect | null} run.defect @param {number} run.seed
 * @param {number} [run.natShare]
 * @param {number} [run.canaryShare] the canary's share of visitors, in percent (10 by default)
 * @param {{ share: number; afterMs: number }} [run.widen] a staged canary: new visitors are
 *   drawn at `share` percent from `afterMs` into the run (those drawn before keep their lane)
 * @param {(atMs: number, step: LaneSamples) => void} [run.forge] adds forged data to a step
 * @param {boolean} [run.stopAtHealthy] end the run at its first "healthy"
 * @param {boolean} [run.afresh] hand the judge fresh copies of everything at each look (what
 *   it then works out from scratch), not the growing samples whose summaries are kept current:
 *   the same verdicts, at a cost that grows with the run at every look
 * @param {(atMs: number, verdict: import('../../platform/releases/canary-judge.cjs').CanaryVerdict) => void} [run.onVerdict]
 * @returns {RunOutcome}
 */
function simulateRun({
  viewsPerHour,
  lookEveryMs,
  durationMs,
  defect,
  seed: runSeed,
  natShare = 0,
  canaryShare = share,
  widen,
  forge,
  stopAtHealthy = false,
  afresh = false,
  onVerdict,
}) {
  const policy = canaryPolicyOf({ lookEveryMs });
  const random = randomSource(runSeed);
  const visitors = { next: 0 };
  /** @type {Budgets} */
  let budgets = new Map();
  let budgetHour = -1;
  const baselineMs = 3 * 3_600_000;
  /** @type {LaneSamples} */
  const baseline = afresh ? { live: {}, canary: {} } : growingLanes();
  const baselineStep = 15 * 60_000;
  for (let at = -baselineMs + baselineStep; at <= 0; at += baselineStep) {
    const step = trafficOf(
      {
        viewsPerHour,
        share: 0,
        ms: baselineStep,
        atMs: at + baselineMs,
        defect: null,
        natShare,
        visitors,
        budgets,
      },
      random,
    );
    if (afresh) addInto(baseline, step);
    else addGrowing(/** @type {Required<LaneSamples>} */ (baseline), step);
  }
  budgets = new Map();
  /** @type {LaneSamples} */
  const cumulative = afresh ? { live: {}, canary: {} } : growingLanes();
  /** @type {LaneSamples[]} */
  const window = [];
  const windowSteps = Math.ceil(policy.recentMs / lookEveryMs);
  /** @type {number | null} */
  let healthyAt = null;
  /** @type {number | null} */
  let finishedAt = null;
  /** @type {string | null} */
  let finishedReason = null;
  let last = 'wait';
  const outcome = (/** @type {number | null} */ rollbackAt) => ({
    rollbackAt,
    healthyBeforeRollbackAt: healthyAt,
    finishedAt,
    finishedReason,
    canaryViews: Object.values(cumulative.canary).reduce((sum, s) => sum + s.views, 0),
    canaryVisitors: visitorsIn(cumulative.canary),
    brokenVisitors: defect?.brokenRoute
      ? Object.keys(cumulative.canary[defect.brokenRoute]?.clients ?? {}).length
      : 0,
    last,
  });
  for (let at = lookEveryMs; at <= durationMs; at += lookEveryMs) {
    const hour = Math.floor(at / 3_600_000);
    if (hour !== budgetHour) [budgets, budgetHour] = [new Map(), hour];
    // A step's sessions start within it: widened once the step starts at or after the widening.
    const shareNow = widen && at - lookEveryMs >= widen.afterMs ? widen.share : canaryShare;
    const step = trafficOf(
      {
        viewsPerHour,
        share: shareNow,
        ms: lookEveryMs,
        atMs: at,
        defect,
        natShare,
        visitors,
        budgets,
      },
      random,
    );
    forge?.(at, step);
    if (afresh) addInto(cumulative, step);
    else addGrowing(/** @type {Required<LaneSamples>} */ (cumulative), step);
    window.push(step);
    if (window.length > windowSteps) window.shift();
    /** @type {LaneSamples} */
    const recent = { live: {}, canary: {} };
    if (at > 2 * policy.recentMs) for (const part of window) addInto(recent, part);
    const verdict = judgeCanary(
      {
        cumulative: afresh ? snapshotOf(cumulative) : cumulative,
        recent,
        baseline,
        startedAt: 0,
        share: shareNow,
        now: at,
      },
      policy,
    );
    onVerdict?.(at, verdict);
    last = verdict.verdict;
    if (verdict.verdict === 'healthy') healthyAt ??= at;
    if (verdict.verdict === 'finished' && finishedAt === null) {
      finishedAt = at;
      finishedReason = verdict.reasons.join('\n');
    }
    if (verdict.verdict === 'rollback') return outcome(at);
    if (stopAtHealthy && healthyAt !== null) return outcome(null);
  }
  return outcome(null);
}

module.exports = { model, share, sessionFacts, erringFloorExtra, simulateRun };
