// @ts-check
/**
 * The canary's judge: compares the visitors served the canary with those served the live set
 * over the same minutes, per route and for the whole site, and says whether to roll the canary
 * back, call it healthy, finish with no harm found, wait, or call it inconclusive (with what
 * would make it conclusive). Pure: the caller reads the samples and acts.
 *
 * The visitor is the unit of every test (the canary draws visitors, and one visitor's views
 * share a device, a network and a browser's faults): "this visitor met an error or a failed
 * load", and each visitor's worst INP and LCP (canary-visitors.cjs). A heavy visitor, a flaky
 * browser or a NAT's many people count once; docs/decisions/0021-canary-visitor-unit.md.
 *
 * Error rates over a whole run, not per look:
 * - A rollback needs a one-sided test (Fisher's exact test on erring visitors, erring views per
 *   view with each visitor's views one cluster, a Mann-Whitney rank test on visitors' worst INP
 *   and LCP) to pass at a level spent across the looks (alpha
 *   spending: half of `falseRollbackRate` over the first two hours, half over the rest of
 *   `horizon`), shared out among the tests of a look (a union bound), so a canary equal to live
 *   is rolled back in at most `falseRollbackRate` of runs up to `horizon` long.
 *   The effect must also clear a floor (erring visitors above 1.5× live's share + 0.2 points,
 *   the p75 of visitors' worst at least 1.1× live's), so a harmless difference is no rollback.
 * - A catastrophe (most canary visitors of a route erring) is tested against an absolute share
 *   with a tenth of the level, among far fewer tests: about ten canary visitors are enough.
 * - "Healthy" needs the data to show the canary below each floor (non-inferiority at
 *   `falseHealthyRate` spent the same way, the floor set from live's figures at their lower
 *   confidence bound so a canary exactly at a floor is called healthy in at most that share),
 *   the window to have passed, the share of views on the canary to fit its share, no more views
 *   than pages served, and live to be like itself in the hours before the canary (a rise that
 *   the canary does not share is a data-health alarm). Without that power the verdict is
 *   "inconclusive", with the visitors still needed; after `finishAfterMs`, a run that had the
 *   power to catch the harms the policy names finishes "no harm found" and says what it could
 *   have missed.
 * Both the whole run and a recent window (for the whole site) are judged for a rollback, so a
 * canary that turns bad late is not hidden by its good hours.
 *
 * One network cannot decide a verdict (the intake already caps what each client adds per hour):
 * on both lanes the network with the most erring visitors (or the most visitors) counts no more
 * than the next one, a rollback's evidence must still come from `minClients` clients in
 * `minNetworks` networks, and "healthy" needs `healthyClients` visitors in `healthyNetworks`
 * networks. A rise in live's erring visitors that one network makes (gone once networks are
 * weighed) is not the canary's defence: a rollback then compares it with live's hours before
 * the canary (docs/decisions/0061-live-bent-by-one-network.md).
 */
const { binomialCdf, normalQuantile } = require('./canary-distributions.cjs');
const { upperBoundOf } = require('../field-data/histogram.cjs');
const { mergeSamples, emptySample } = require('./canary-samples.cjs');
const tests = require('./canary-tests.cjs');
const {
  visitorCountsOf,
  worstHistogramOf,
  binnedPercentile,
  lowerQuantileBound,
  countAbove,
  logSpreadOf,
  viewRateOf,
} = require('./canary-visitors.cjs');

/** @typedef {import('./canary-samples.cjs').Sample} Sample */
/** @typedef {import('./canary-samples.cjs').LaneSamples} LaneSamples */
/** @typedef {import('../field-data/histogram.cjs').Histogram} Histogram */

/**
 * @typedef {object} CanaryPolicy
 * @property {number} windowMs how long a canary runs before it can be called healthy
 * @property {number} lookEveryMs how often the judge looks (the schedule's 5 min, --watch's --every)
 * @property {number} horizonMs the run the error rates are stated over
 * @property {number} recentMs the recent window judged besides the whole run
 * @property {number} falseRollbackRate of runs of a canary equal to live, at most this share rolled back
 * @property {number} falseHealthyRate of canaries at a floor, at most this share called healthy
 * @property {number} errorRatio the floor of the error and failed-load shares: live's × this…
 * @property {number} errorPoints …plus this (0.002 = 0.2 points)
 * @property {number} p75Ratio the floor of p75 INP and LCP: live's × this
 * @property {number} catastropheShare a route whose canary views err above this share is broken
 * @property {number} minRankSamples samples each lane needs before a histogram is compared
 * @property {number} minClients distinct clients a rollback's evidence needs…
 * @property {number} minNetworks …in at least this many networks (an IPv4 /24, an IPv6 /48);
 *   0 weighs no networks (a test site whose visitors all share one address)
 * @property {number} healthyClients distinct clients among the canary's views that "healthy" needs…
 * @property {number} healthyNetworks …in at least this many networks
 * @property {number} finishAfterMs from then on, a run with the power to have caught the harms
 *   below finishes "no harm found" (a small site's decision within a working day)
 * @property {number} harmErrorRatio the harm a finish must have had the power to catch: live's
 *   share of erring visitors × this (+ errorPoints)…
 * @property {number} harmP75Ratio …and each metric's visitors' worst × this
 * @property {number} decideAfterMs from then on (a working day), a run with the visitors
 *   "healthy" needs finishes "no harm found" at whatever power it had, naming the effects it
 *   could have missed when they are larger than the harms above (a small site's decision)
 * @property {number} visitorsByAddress 1: a visitor is a client mark; 0: each view is its own
 *   visitor (a test site whose visitors all share one address; never in production)
 */

/**
 * The defaults: a 1 % false rollback over a day of 5-minute looks; a 5 % false "healthy" at the
 * floors; the floors the team asked to see; an hour as the recent window.
 * @type {Readonly<CanaryPolicy>}
 */
const defaultCanaryPolicy = Object.freeze({
  windowMs: 10 * 60_000,
  lookEveryMs: 5 * 60_000,
  horizonMs: 24 * 3_600_000,
  recentMs: 60 * 60_000,
  falseRollbackRate: 0.01,
  falseHealthyRate: 0.05,
  errorRatio: 1.5,
  errorPoints: 0.002,
  p75Ratio: 1.1,
  catastropheShare: 0.2,
  minRankSamples: 5,
  minClients: 3,
  minNetworks: 2,
  healthyClients: 20,
  healthyNetworks: 5,
  finishAfterMs: 6 * 3_600_000,
  harmErrorRatio: 5,
  harmP75Ratio: 1.5,
  decideAfterMs: 8 * 3_600_000,
  visitorsByAddress: 1,
});

/** Settings that are shares (between 0 and 1, exclusive) and ratios (at least 1). */
const shareKeys = ['falseRollbackRate', 'falseHealthyRate', 'errorPoints', 'catastropheShare'];
const ratioKeys = ['errorRatio', 'p75Ratio', 'harmErrorRatio', 'harmP75Ratio'];
const durationKeys = [
  'windowMs',
  'lookEveryMs',
  'horizonMs',
  'recentMs',
  'finishAfterMs',
  'decideAfterMs',
];
/** Whole numbers that may be 0. */
const countKeys = ['minNetworks', 'healthyNetworks', 'visitorsByAddress'];

/**
 * A policy from overrides, each checked: a policy comes from flags and deployment parameters.
 * @param {Partial<Record<keyof CanaryPolicy, unknown>>} [overrides] undefined keeps a default
 * @returns {CanaryPolicy}
 */
function canaryPolicyOf(overrides = {}) {
  /** @type {CanaryPolicy} */
  const policy = { ...defaultCanaryPolicy };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!(key in defaultCanaryPolicy)) throw new Error(`Unknown canary policy setting "${key}"`);
    const [ok, what] = shareKeys.includes(key)
      ? [(/** @type {number} */ v) => v > 0 && v < 1, 'a number above 0 and below 1']
      : ratioKeys.includes(key)
        ? [(/** @type {number} */ v) => v >= 1, 'a number of at least 1']
        : durationKeys.includes(key)
          ? [(/** @type {number} */ v) => v >= (key === 'windowMs' ? 0 : 1000), 'a duration in ms']
          : countKeys.includes(key)
            ? [(/** @type {number} */ v) => v >= 0 && Number.isInteger(v), 'a whole number']
            : [(/** @type {number} */ v) => v >= 1 && Number.isInteger(v), 'a whole number of at least 1'];
    if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value))
      throw new Error(`Canary policy "${key}" must be ${what} (got ${JSON.stringify(value)})`);
    policy[/** @type {keyof CanaryPolicy} */ (key)] = value;
  }
  return policy;
}

/**
 * What would make an inconclusive verdict conclusive.
 * @typedef {object} CanaryNeeds
 * @property {number} views canary visitors still needed (at today's rates; an estimate)
 * @property {number | null} hours at the canary's current visitors per hour; null without any yet
 * @property {number | null} shareForAnHour the canary share (%) that would bring them within an hour
 */

/**
 * @typedef {object} CanaryVerdict
 * @property {'rollback' | 'healthy' | 'finished' | 'wait' | 'inconclusive'} verdict 'finished':
 *   no harm found at the stated power (not "healthy": the reasons say what it could have missed)
 * @property {string[]} reasons why (for 'wait' and 'inconclusive': what it waits for)
 * @property {number} elapsedMs
 * @property {CanaryNeeds} [needs] with 'inconclusive'
 */

/** @param {number} part @param {number} whole */
const shareOf = (part, whole) => (whole > 0 ? part / whole : 0);
/** @param {number} share */
const percent = (share) => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)} %`;
/** @param {number} p */
const pText = (p) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

/** The whole site's sample of a lane. @param {Record<string, Sample>} routes */
const siteOf = (routes) => mergeSamples(Object.values(routes));

/** @param {number} count @param {string} one */
const plural = (count, one) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * @typedef {object} Finding
 * @property {'site' | 'route' | 'catastrophe'} family
 * @property {number} p
 * @property {boolean} overFloor
 * @property {() => string} reason written only for a finding that decides
 */

/** Each visitor's worst INP and LCP, by the name a person reads. */
const worstChecks = /** @type {const} */ ([
  ['INP', 'inpWorst'],
  ['LCP', 'lcpWorst'],
]);

/**
 * The rollback tests of one scope (the site or a route) in one window, visitor by visitor.
 * @param {string} scope @param {string} window @param {Sample} canary @param {Sample} live
 * @param {CanaryPolicy} policy @param {boolean} withCatastrophe
 * @returns {Finding[]}
 */
function rollbackFindings(scope, window, canary, live, policy, withCatastrophe) {
  const site = scope === 'whole site';
  /** @type {Finding[]} */
  const findings = [];
  const where = `${scope} (${window})`;
  const weigh = policy.minNetworks > 0 ? 'bad' : 'none';
  const ours = visitorCountsOf(canary, weigh);
  // Live's erring visitors are weighed as the canary's: forged live errors from one network
  // cannot hide a broken canary.
  const theirs = visitorCountsOf(live, weigh);
  const spread = ours.badClients >= policy.minClients && ours.badNetworks >= policy.minNetworks;
  const ourShare = shareOf(ours.bad, ours.visitors);
  const theirShare = shareOf(theirs.bad, theirs.visitors);
  const floor = theirShare * policy.errorRatio + policy.errorPoints;
  const counts = () =>
    `${ours.bad} of ${plural(ours.visitors, 'canary visitor')} in ${plural(ours.badNetworks, 'network')} against ${theirs.bad} of ${theirs.visitors} live, ${canary.views} and ${live.views} views`;
  if (ours.visitors > 0 && theirs.visitors > 0) {
    const overFloor = spread && ourShare > floor;
    findings.push({
      family: site ? 'site' : 'route',
      // Only a finding over its floor can decide: the others' tests are not run (p = 1).
      p: overFloor ? tests.fisherGreater(ours.bad, ours.visitors, theirs.bad, theirs.visitors) : 1,
      overFloor,
      reason: () =>
        `${where}: visitors who met an error or a failed load ${percent(ourShare)} on the canary against ${percent(theirShare)} live (${counts()})`,
    });
  }
  // Erring views per view, each visitor's views one cluster: where the canary errs more often
  // on its visitors' views, "met one" saturates on the visitors of many views and this test
  // still sees it. The whole site only, from `rateMinVisitors` visitors in each lane.
  if (site && ours.visitors >= rateMinVisitors && theirs.visitors >= rateMinVisitors) {
    const ourRate = viewRateOf(canary, rateViewCap, rateErrorCap, weigh !== 'none');
    const theirRate = viewRateOf(live, rateViewCap, rateErrorCap, weigh !== 'none');
    const ourPerView = shareOf(ourRate.errors, ourRate.views);
    const theirPerView = shareOf(theirRate.errors, theirRate.views);
    const overFloor =
      spread && ourPerView > theirPerView * policy.errorRatio + policy.errorPoints;
    const test = overFloor ? tests.rateGreater(ourRate, theirRate) : { p: 1, dispersion: 1 };
    findings.push({
      family: 'site',
      p: test.p,
      overFloor,
      reason: () =>
        `${where}: views with an error or a failed load ${percent(ourPerView)} on the canary against ${percent(theirPerView)} live, visitor by visitor (at most ${rateViewCap} views and ${rateErrorCap} erring views of each visitor counted, dispersion ${test.dispersion.toFixed(2)}; ${counts()})`,
    });
  }
  // Live broken as badly is not the canary's doing; a catastrophe needs live to be fine.
  if (withCatastrophe && ours.visitors > 0 && theirShare < policy.catastropheShare / 2) {
    const broken = spread && ourShare > 0.5;
    findings.push({
      family: 'catastrophe',
      p: broken ? tests.binomialAtLeast(ours.bad, ours.visitors, policy.catastropheShare) : 1,
      overFloor: broken,
      reason: () => `${where}: ${percent(ourShare)} of canary visitors met an error or a failed load (${counts()})`,
    });
  }
  for (const [name, field] of worstChecks) {
    // A network's many visitors count no more than the next network's: its slowest go (live's
    // and the canary's alike, so neither lane's forged slow beacons decide).
    const ourWorst = worstHistogramOf(canary[field], weigh === 'none' ? 'none' : 'highest');
    const theirWorst = worstHistogramOf(live[field], weigh === 'none' ? 'none' : 'highest');
    if (ourWorst.count < policy.minRankSamples || theirWorst.count < policy.minRankSamples) continue;
    const ourP75 = binnedPercentile(ourWorst.histogram, 0.75) ?? 0;
    const theirP75 = binnedPercentile(theirWorst.histogram, 0.75) ?? 0;
    const overFloor =
      ourP75 >= theirP75 * policy.p75Ratio &&
      ourWorst.clients >= policy.minClients &&
      ourWorst.networks >= policy.minNetworks;
    findings.push({
      family: site ? 'site' : 'route',
      p: overFloor ? tests.rankTestGreater(ourWorst.histogram, theirWorst.histogram) : 1,
      overFloor,
      reason: () =>
        `${where}: p75 of each visitor's worst ${name} ${Math.round(ourP75)} ms on the canary against ${Math.round(theirP75)} ms live (${ourWorst.count} canary visitors in ${plural(ourWorst.networks, 'network')}, ${theirWorst.count} live)`,
    });
  }
  return findings;
}

/**
 * The views of one visitor the rate test counts at most (a visitor of more views is scaled down
 * to this many, its own rate kept): a little over the 99th percentile of views per visitor in
 * the bench's heavy-tailed sessions (17), so one heavy visitor weighs as a few ordinary ones.
 */
const rateViewCap = 20;
/** …and at most this many of its erring views: a flaky visitor weighs as two erring ones. */
const rateErrorCap = 2;
/** Canary (and live) visitors the rate test needs before its normal approximation is used. */
const rateMinVisitors = 50;

/** The shares of a look's level: the site's comparisons most, each route's, a catastrophe's. */
const familyShares = (/** @type {boolean} */ routes) => ({
  site: routes ? 0.7 : 0.9,
  route: 0.2,
  catastrophe: 0.1,
});

/**
 * The level each test of a family gets at this look: its family's share of the look's level,
 * split among the family's tests (a union bound).
 * @param {Finding[]} findings @param {number} lookLevel
 * @returns {Record<Finding['family'], number>}
 */
function testLevelsOf(findings, lookLevel) {
  const counts = { site: 0, route: 0, catastrophe: 0 };
  for (const finding of findings) counts[finding.family] += 1;
  // A catastrophe has a tenth of the level, among its few tests (each further canary visitor
  // divides its p-value by five); the comparisons of the whole site, where most effects show
  // first, most; those of each route the rest.
  const shares = familyShares(counts.route > 0);
  const levelOf = (/** @type {Finding['family']} */ family) =>
    (lookLevel * shares[family]) / Math.max(1, counts[family]);
  return { site: levelOf('site'), route: levelOf('route'), catastrophe: levelOf('catastrophe') };
}

/**
 * The rollback reasons: findings whose test passes at its share of this look's level, over the
 * floor.
 * @param {Finding[]} findings @param {number} lookLevel
 */
function rollbackReasons(findings, lookLevel) {
  const levels = testLevelsOf(findings, lookLevel);
  return findings.flatMap((finding) => {
    const level = levels[finding.family];
    return finding.overFloor && finding.p <= level
      ? [`${finding.reason()}; p = ${pText(finding.p)} (needed ≤ ${pText(level)})`]
      : [];
  });
}

/**
 * Visitors needed for a one-sided binomial test at `level` to show a share below `bound` when
 * the true share is `expected` (half the time: the median run).
 * @param {number} expected @param {number} bound @param {number} level
 */
function visitorsNeeded(expected, bound, level) {
  if (expected >= bound) return Number.POSITIVE_INFINITY;
  const z = normalQuantile(1 - level, 0, 1);
  return Math.ceil(((z * Math.sqrt(bound * (1 - bound))) / (bound - expected)) ** 2);
}

/**
 * The lowest share `p` whose `hits` of `total` or more are likelier than `level` (Clopper and
 * Pearson's lower bound): the true share is below it with probability at most `level`.
 * @param {number} hits @param {number} total @param {number} level
 */
function lowerShareBound(hits, total, level) {
  if (hits <= 0 || total <= 0) return 0;
  let low = 0;
  let high = hits / total;
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (tests.binomialAtLeast(hits, total, middle) <= level) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * @typedef {object} HealthCheck
 * @property {boolean} shown the canary is below the floor with confidence
 * @property {string} reason
 * @property {number} needed canary visitors still needed (0 when shown)
 */

/**
 * The non-inferiority checks on the whole site, visitor by visitor: each shows the canary below
 * its floor. The floor is set from live's figures taken at their least (a lower confidence
 * bound, a fifth of the level), so that a canary exactly at the floor is called healthy in at
 * most the stated share of runs however live's own sample fell.
 * @param {Sample} canary @param {Sample} live @param {CanaryPolicy} policy @param {number} level
 * @returns {HealthCheck[]}
 */
function healthChecks(canary, live, policy, level) {
  const liveLevel = level / 5;
  const ourLevel = level - liveLevel;
  const weigh = policy.healthyNetworks > 0;
  /** @type {HealthCheck[]} */
  const checks = [];
  // The canary's network of the most visitors counts as the next: one network's clean visitors
  // cannot show it; live's network of the most erring visitors too: forged live errors cannot
  // raise the floor.
  const ours = visitorCountsOf(canary, weigh ? 'visitors' : 'none');
  const theirs = visitorCountsOf(live, weigh ? 'bad' : 'none');
  const theirShare = shareOf(theirs.bad, theirs.visitors);
  const theirLow = lowerShareBound(theirs.bad, theirs.visitors, liveLevel);
  const floor = Math.min(1, theirLow * policy.errorRatio + policy.errorPoints);
  const shown =
    theirs.visitors > 0 && tests.binomialAtMost(ours.bad, ours.visitors, floor) <= ourLevel;
  checks.push({
    shown,
    // The estimate takes live's share as it is (more live visitors raise its lower bound too).
    needed: shown
      ? 0
      : Math.max(
          1,
          visitorsNeeded(
            theirShare,
            Math.min(1, theirShare * policy.errorRatio + policy.errorPoints),
            ourLevel,
          ) - ours.visitors,
        ),
    reason: `visitors who met an error or a failed load: ${ours.bad} of ${ours.visitors} on the canary (${percent(shareOf(ours.bad, ours.visitors))}); the floor is ${percent(floor)} (live ${percent(theirShare)} of ${theirs.visitors}, at least ${percent(theirLow)})`,
  });
  for (const [name, field] of worstChecks) {
    const ourWorst = worstHistogramOf(canary[field], weigh ? 'lowest' : 'none');
    const theirWorst = worstHistogramOf(live[field], weigh ? 'highest' : 'none');
    if (ourWorst.count === 0 && theirWorst.count === 0) continue;
    // Live's p75 taken at its least, times the floor's ratio: every canary visitor whose worst
    // may lie above it counts, so a canary at the floor has a quarter or more above.
    const liveLow =
      theirWorst.count >= policy.minRankSamples
        ? lowerQuantileBound(theirWorst.histogram, 0.75, liveLevel, binomialCdf)
        : null;
    const threshold = liveLow === null ? null : liveLow * policy.p75Ratio;
    const above = threshold === null ? ourWorst.count : countAbove(ourWorst.histogram, threshold);
    const metricShown =
      threshold !== null && tests.binomialAtMost(above, ourWorst.count, 0.25) <= ourLevel;
    const liveP75 = binnedPercentile(theirWorst.histogram, 0.75);
    const expectedAbove =
      liveP75 === null
        ? 1
        : shareOf(countAbove(theirWorst.histogram, liveP75 * policy.p75Ratio), theirWorst.count);
    checks.push({
      shown: metricShown,
      needed: metricShown
        ? 0
        : Math.max(1, visitorsNeeded(expectedAbove, 0.25, ourLevel) - ourWorst.count),
      reason: `${name}: ${above} of ${ourWorst.count} canary visitors' worst may lie above ${policy.p75Ratio}× live's p75 (at least ${Math.round(liveLow ?? 0)} ms; ${theirWorst.count} live visitors); a quarter would be the floor`,
    });
  }
  return checks;
}

/**
 * Live against its own hours before the canary: a rise in its erring visitors or in its
 * visitors' worst INP or LCP that the canary does not share is a data-health alarm (forged
 * live beacons, or a fault of live's own): it blocks "healthy", which compares with live.
 * @param {Sample} live @param {Sample} canary @param {Sample} baseline @param {CanaryPolicy} policy
 * @param {number} level @param {number} baselineHours
 * @returns {string[]}
 */
function liveShifts(live, canary, baseline, policy, level, baselineHours) {
  /** @type {string[]} */
  const alarms = [];
  const now = visitorCountsOf(live, 'none');
  const before = visitorCountsOf(baseline, 'none');
  const ours = visitorCountsOf(canary, 'none');
  const checks = 1 + worstChecks.length;
  if (now.visitors > 0 && before.visitors > 0) {
    const nowShare = shareOf(now.bad, now.visitors);
    const p = tests.fisherGreater(now.bad, now.visitors, before.bad, before.visitors);
    if (p <= level / checks && shareOf(ours.bad, ours.visitors) < nowShare)
      alarms.push(
        `data health: live's visitors met an error or a failed load in ${percent(nowShare)} against ${percent(shareOf(before.bad, before.visitors))} in the ${baselineHours} h before the canary (p = ${pText(p)}), a rise the canary does not share: healthy waits until live is itself again`,
      );
  }
  for (const [name, field] of worstChecks) {
    const nowWorst = worstHistogramOf(live[field], 'none');
    const beforeWorst = worstHistogramOf(baseline[field], 'none');
    if (nowWorst.count < policy.minRankSamples || beforeWorst.count < policy.minRankSamples)
      continue;
    const p = tests.rankTestGreater(nowWorst.histogram, beforeWorst.histogram);
    const nowP75 = binnedPercentile(nowWorst.histogram, 0.75) ?? 0;
    const ourP75 = binnedPercentile(worstHistogramOf(canary[field], 'none').histogram, 0.75) ?? 0;
    if (p <= level / checks && ourP75 < nowP75)
      alarms.push(
        `data health: live's visitors' worst ${name} rose (p75 ${Math.round(nowP75)} ms against ${Math.round(binnedPercentile(beforeWorst.histogram, 0.75) ?? 0)} ms in the ${baselineHours} h before the canary, p = ${pText(p)}), a rise the canary does not share: healthy waits until live is itself again`,
      );
  }
  return alarms;
}

/**
 * Whether live's erring visitors rose against its baseline (each visitor counted) but not once
 * the network of the most erring visitors counts no more than the next one: a rise one network
 * makes.
 * @param {Sample} live @param {Sample} baseline @param {number} level
 */
function riseFromOneNetwork(live, baseline, level) {
  const now = visitorCountsOf(live, 'none');
  const before = visitorCountsOf(baseline, 'none');
  if (now.visitors === 0 || before.visitors === 0) return false;
  if (tests.fisherGreater(now.bad, now.visitors, before.bad, before.visitors) > level) return false;
  const nowWeighed = visitorCountsOf(live, 'bad');
  const beforeWeighed = visitorCountsOf(baseline, 'bad');
  return (
    tests.fisherGreater(nowWeighed.bad, nowWeighed.visitors, beforeWeighed.bad, beforeWeighed.visitors) >
    level
  );
}

/**
 * The whole site's figures on which the canary is worse than live by more than half the way to
 * a floor (point estimates, each visitor once): erring visitors and erring views per view; and
 * the p75 of visitors' worst INP and LCP beyond half the way to the harm a finish names.
 * @param {Sample} canary @param {Sample} live @param {CanaryPolicy} policy
 * @returns {string[]}
 */
function halfwayToFloors(canary, live, policy) {
  /** @type {string[]} */
  const worse = [];
  // Every visitor counted on both lanes: this only withholds a finish (and a forged live rise
  // withholds it already, as a data-health alarm).
  const ours = visitorCountsOf(canary, 'none');
  const theirs = visitorCountsOf(live, 'none');
  /** @param {number} theirShare */
  const halfway = (theirShare) =>
    theirShare + (theirShare * (policy.errorRatio - 1) + policy.errorPoints) / 2;
  const ourShare = shareOf(ours.bad, ours.visitors);
  const theirShare = shareOf(theirs.bad, theirs.visitors);
  if (ours.visitors > 0 && ourShare > halfway(theirShare))
    worse.push(
      `visitors who met an error or a failed load ${percent(ourShare)} on the canary against ${percent(theirShare)} live (half the floor: ${percent(halfway(theirShare))})`,
    );
  const ourRate = viewRateOf(canary, rateViewCap, rateErrorCap, false);
  const theirRate = viewRateOf(live, rateViewCap, rateErrorCap, false);
  const ourPerView = shareOf(ourRate.errors, ourRate.views);
  const theirPerView = shareOf(theirRate.errors, theirRate.views);
  if (ourRate.views > 0 && ourPerView > halfway(theirPerView))
    worse.push(
      `views with an error or a failed load ${percent(ourPerView)} on the canary against ${percent(theirPerView)} live (half the floor: ${percent(halfway(theirPerView))})`,
    );
  // INP and LCP: half the way to the harm a finish names (×1.5: 1.25×), not to the floor
  // (1.1×: 1.05×), which the p75 of a few dozen visitors' worst overshoots by chance in about
  // half of an equal canary's runs (a small site would hardly ever finish).
  const ratio = 1 + (policy.harmP75Ratio - 1) / 2;
  for (const [name, field] of worstChecks) {
    const ourWorst = worstHistogramOf(canary[field], 'none');
    const theirWorst = worstHistogramOf(live[field], 'none');
    if (ourWorst.count < policy.minRankSamples || theirWorst.count < policy.minRankSamples) continue;
    const ourP75 = binnedPercentile(ourWorst.histogram, 0.75) ?? 0;
    const theirP75 = binnedPercentile(theirWorst.histogram, 0.75) ?? 0;
    if (ourP75 > theirP75 * ratio)
      worse.push(
        `p75 of each visitor's worst ${name} ${Math.round(ourP75)} ms on the canary against ${Math.round(theirP75)} ms live (half the way to the named harm: ${ratio.toFixed(2)}× live's)`,
      );
  }
  return worse;
}

/** The power a "no harm found" finish states, and the z of it. */
const finishPower = 0.8;

/**
 * What a run of this size would have caught `finishPower` of the time at `level`:
 * the share of canary visitors meeting an error or a failed load, and the ratio of each
 * metric's visitors' worst values (normal approximations; the rank test is taken at its
 * efficiency against a shift of logarithms, 3/π).
 * @param {Sample} canary @param {Sample} live @param {number} level
 */
function detectable(canary, live, level) {
  const zSum = normalQuantile(1 - level, 0, 1) + normalQuantile(finishPower, 0, 1);
  const ours = visitorCountsOf(canary, 'none');
  const theirs = visitorCountsOf(live, 'none');
  const q = shareOf(theirs.bad, theirs.visitors);
  let share = 1;
  if (ours.visitors > 0 && theirs.visitors > 0) {
    let low = q;
    let high = 1;
    for (let step = 0; step < 50; step += 1) {
      const middle = (low + high) / 2;
      const sd = Math.sqrt(
        (middle * (1 - middle)) / ours.visitors + (q * (1 - q)) / theirs.visitors,
      );
      if (middle - q >= zSum * sd) high = middle;
      else low = middle;
    }
    share = high;
  }
  /** @type {Record<string, number>} */
  const ratios = {};
  for (const [name, field] of worstChecks) {
    // Live's spread from its visitors' 1 % bins: the same figure whichever order they came in.
    const theirs = logSpreadOf(live[field]);
    const n = logSpreadOf(canary[field]).count;
    if (theirs.count < 2 || n < 2) {
      ratios[name] = Number.POSITIVE_INFINITY;
      continue;
    }
    ratios[name] = Math.exp(
      zSum * theirs.sd * Math.sqrt((1 / n + 1 / theirs.count) * (Math.PI / 3)),
    );
  }
  return { share, liveShare: q, ratios, visitors: ours.visitors };
}

/**
 * The share of a run's level this look may spend: half the level is spent evenly over the first
 * two hours (where a bad canary shows first, and where a team waits on the verdict), the other
 * half evenly over the rest of the horizon, so all looks of a run up to the horizon together
 * spend at most the whole level. Past the horizon a look spends as much as in an even spending
 * (each further horizon adds the level once more).
 * @param {number} elapsedMs @param {CanaryPolicy} policy
 */
function lookShareOf(elapsedMs, policy) {
  const { lookEveryMs, horizonMs } = policy;
  const now = Math.max(elapsedMs, lookEveryMs);
  if (now > horizonMs) return Math.min(1, lookEveryMs / horizonMs);
  const early = Math.min(2 * 3_600_000, horizonMs / 2);
  const spent = (/** @type {number} */ t) =>
    (0.5 * Math.min(t, early)) / early + (0.5 * Math.max(0, t - early)) / (horizonMs - early);
  return spent(now) - spent(Math.max(0, now - lookEveryMs));
}

const hex6 = (/** @type {number} */ value) => (value % 0x1000000).toString(16).padStart(6, '0');

/**
 * Samples whose every view is its own visitor in its own network (marks made up per lane, route
 * and window, so they never meet), with the views' histograms as the visitors' worst values:
 * for a test site whose visitors all share one address.
 * @param {LaneSamples} lanes @param {number} window
 * @returns {LaneSamples}
 */
function viewsAsVisitors(lanes, window) {
  /** @param {Sample} sample @param {number} from */
  const convert = (sample, from) => {
    /** @type {Record<string, number>} */
    const clients = {};
    /** @type {Record<string, number>} */
    const badClients = {};
    const mark = (/** @type {number} */ index) => `c${hex6(from + index)}${hex6(from + index)}`;
    const bad = Math.min(sample.views, Math.max(sample.errorViews, sample.failedLoadViews));
    for (let index = 0; index < sample.views; index += 1) clients[mark(index)] = 1;
    for (let index = 0; index < bad; index += 1) badClients[mark(index)] = 1;
    /** @param {'INP' | 'LCP'} metric @param {Readonly<Record<string, number>>} histogram */
    const worst = (metric, histogram) => {
      /** @type {Record<string, number>} */
      const values = {};
      let index = 0;
      for (const [key, count] of Object.entries(histogram))
        for (let copy = 0; copy < count; copy += 1)
          values[mark(index++)] = Math.max(1, Math.round(upperBoundOf(metric, key)));
      return values;
    };
    return {
      ...sample,
      clients,
      badClients,
      inpWorst: worst('INP', sample.inp),
      lcpWorst: worst('LCP', sample.lcp),
    };
  };
  /** @param {Record<string, Sample>} routes @param {number} lane */
  const routesOf = (routes, lane) =>
    Object.fromEntries(
      Object.entries(routes).map(([route, sample], index) => [
        route,
        convert(sample, ((window * 2 + lane) * 8 + index) * 200_000),
      ]),
    );
  return { live: routesOf(lanes.live, 0), canary: routesOf(lanes.canary, 1) };
}

/**
 * @param {object} input
 * @param {LaneSamples} input.cumulative since the canary started
 * @param {LaneSamples} [input.recent] the last `recentMs`
 * @param {LaneSamples} [input.baseline] live's hours before the canary started (its `live`
 *   lane is read); without it live is not judged against itself
 * @param {number} [input.baselineHours] how many hours `baseline` holds (for the text)
 * @param {string | number} input.startedAt when the canary started (ISO time or ms)
 * @param {number} input.share the canary's share of visitors, in percent
 * @param {{ live: number; canary: number }} [input.served] pages served per lane over the run
 *   (page views' tokens given); without it the pages-served check is not made
 * @param {number} [input.now] ms; the clock by default
 * @param {CanaryPolicy} [policy]
 * @returns {CanaryVerdict}
 */
function judgeCanary(
  { cumulative, recent, baseline, baselineHours = 3, startedAt, share, served, now = Date.now() },
  policy = defaultCanaryPolicy,
) {
  if (!policy.visitorsByAddress) {
    cumulative = viewsAsVisitors(cumulative, 0);
    if (recent) recent = viewsAsVisitors(recent, 1);
    if (baseline) baseline = viewsAsVisitors(baseline, 2);
  }
  const started = typeof startedAt === 'number' ? startedAt : Date.parse(startedAt);
  const elapsedMs = Math.max(0, now - (Number.isNaN(started) ? now : started));
  const lookShare = lookShareOf(elapsedMs, policy);

  /** @type {Finding[]} */
  const findings = [];
  const windows = /** @type {[string, LaneSamples][]} */ ([['whole run', cumulative]]);
  // The recent window tells something the whole run does not once the run is much longer than
  // it; before, its tests would only spend level.
  if (recent && elapsedMs > 2 * policy.recentMs)
    windows.push([`last ${Math.round(policy.recentMs / 60_000)} min`, recent]);
  const site = cumulative.site ?? {
    canary: siteOf(cumulative.canary),
    live: siteOf(cumulative.live),
  };
  const baselineSite = baseline ? (baseline.site?.live ?? siteOf(baseline.live)) : null;
  // Live's erring visitors risen since its baseline, but not once each network counts no more
  // than the next: the rise is one network's (forged beacons; cut to the next network's count,
  // they still bring that network's real erring visitors in). A rollback then compares the
  // canary with live's hours before the canary, where the forgery is not.
  const liveBent =
    baselineSite !== null &&
    riseFromOneNetwork(site.live, baselineSite, (policy.falseHealthyRate * lookShare) / 3);
  for (const [window, lanes] of windows) {
    const whole = window === 'whole run';
    const { canary, live } = whole
      ? site
      : (lanes.site ?? { canary: siteOf(lanes.canary), live: siteOf(lanes.live) });
    const liveNow = liveBent && baselineSite ? baselineSite : live;
    findings.push(...rollbackFindings('whole site', window, canary, liveNow, policy, whole));
    // Per route on the whole run only: a route's recent hour rarely has the visitors to decide,
    // and every test spends some of the level.
    const liveRoutes = liveBent && baseline ? baseline.live : lanes.live;
    if (whole)
      for (const [route, canary] of Object.entries(lanes.canary))
        findings.push(
          ...rollbackFindings(`route ${route}`, window, canary, liveRoutes[route] ?? emptySample(), policy, whole),
        );
  }
  const lookLevel = policy.falseRollbackRate * lookShare;
  const worse = rollbackReasons(findings, lookLevel);
  if (worse.length)
    return {
      verdict: 'rollback',
      reasons: [
        ...(liveBent
          ? [
              `live compared as it was in the ${baselineHours} h before the canary: its erring visitors rose since, from one network (forged beacons or a fault of its own)`,
            ]
          : []),
        ...worse,
      ],
      elapsedMs,
    };

  const minutes = Math.floor(elapsedMs / 60_000);
  if (elapsedMs < policy.windowMs)
    return {
      verdict: 'wait',
      reasons: [`the window: ${minutes} of ${Math.ceil(policy.windowMs / 60_000)} min since the canary started`],
      elapsedMs,
    };

  const { canary, live } = site;
  const level = policy.falseHealthyRate * lookShare;
  /** @type {string[]} */
  const blockers = [];
  const total = canary.views + live.views;
  const expected = Math.min(1, Math.max(0, share / 100));
  // A canary lane with clearly more than its share of views (beyond a quarter more, which
  // returning visitors can explain) holds beacons no page served: its data cannot call it healthy.
  const srmP = tests.binomialAtLeast(canary.views, total, Math.min(1, expected * 1.25));
  if (total > 0 && srmP <= level)
    blockers.push(
      `data health: ${percent(shareOf(canary.views, total))} of views are on the canary, whose share is ${share} % (p = ${pText(srmP)}): more canary beacons than its pages explain`,
    );
  // A view counts once across instances (its token is claimed where all of them see it), so
  // more views than tokens given means forged tokens. A flush's worth of slack: an instance may
  // store a view before another stores the token it gave.
  if (served)
    for (const [lane, sample] of /** @type {const} */ ([['canary', canary], ['live', live]])) {
      const slack = Math.max(5, Math.ceil(served[lane] * 0.02));
      if (sample.views > served[lane] + slack)
        blockers.push(
          `data health: ${sample.views} ${lane} views counted but ${served[lane]} ${lane} pages served (page views' tokens given): beacons beyond pages served`,
        );
    }
  if (baseline)
    blockers.push(
      ...liveShifts(live, canary, baseline.site?.live ?? siteOf(baseline.live), policy, level, baselineHours),
    );
  const viewers = visitorCountsOf(canary, 'none');
  const tooFew =
    viewers.visitors < policy.healthyClients || viewers.networks < policy.healthyNetworks;
  if (tooFew)
    blockers.push(
      `too few visitors: the canary's views come from ${plural(viewers.visitors, 'client')} in ${plural(viewers.networks, 'network')}; healthy needs at least ${policy.healthyClients} clients in ${policy.healthyNetworks} networks`,
    );
  const checks = healthChecks(canary, live, policy, level);
  const unshown = checks.filter((check) => !check.shown);
  if (!blockers.length && !unshown.length)
    return {
      verdict: 'healthy',
      reasons: [
        `nothing worse after ${minutes} min, and each floor ruled out (${viewers.visitors} canary visitors, ${canary.views} views; ${live.views} live views):`,
        ...checks.map((check) => check.reason),
      ],
      elapsedMs,
    };
  // A finish: no harm found, at a stated power against the harms the team named, after enough
  // time; it says what the run could have missed. Never on data a health alarm doubts.
  const dataHealthy = !blockers.some((blocker) => blocker.startsWith('data health'));
  // A canary over a floor whose test leans its way, even far from a rollback's level, is no
  // "no harm found": its evidence is still gathering (the sequential level is small, so a real
  // harm can sit at p = 1e-5 for hours while the run's power to catch a larger one is high).
  const leaning = findings.filter(
    (finding) => finding.overFloor && finding.p <= policy.falseHealthyRate,
  );
  // Nor while the canary's own figures are worse than live's by more than half a floor: a
  // finish is read as "go ahead", and a canary halfway to a floor is not one to go ahead with
  // on a run too small to show it (this withholds a finish only: no error rate changes).
  const halfway = elapsedMs >= policy.finishAfterMs ? halfwayToFloors(canary, live, policy) : [];
  if (
    elapsedMs >= policy.finishAfterMs &&
    dataHealthy &&
    !tooFew &&
    !leaning.length &&
    !halfway.length
  ) {
    // At the level each of this look's site comparisons has for a rollback (the recent window's
    // too): a harm the finish says it would have caught is one this very look would roll back
    // (a fixed-length test at the run's 1 % would claim more than the sequential looks can act on).
    const caught = detectable(canary, live, testLevelsOf(findings, lookLevel).site);
    const harmShare = caught.liveShare * policy.harmErrorRatio + policy.errorPoints;
    const ratios = Object.entries(caught.ratios);
    const powered =
      caught.share <= harmShare && ratios.every(([, ratio]) => ratio <= policy.harmP75Ratio);
    // After a working day a small site hears what its visitors could show, not "inconclusive"
    // for ever: the same finish, with the power it had and the named harms it lacked it for.
    if (powered || elapsedMs >= policy.decideAfterMs)
      return {
        verdict: 'finished',
        reasons: [
          `inconclusive after ${(elapsedMs / 3_600_000).toFixed(1)} h, NOT a healthy verdict: no harm large enough to see was found, and it could have missed an erring share below ${percent(caught.share)} of canary visitors (live ${percent(caught.liveShare)}), ${ratios.map(([name, ratio]) => `${name} under ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}× live's` : 'any ratio (too few visitors to compare)'}`).join(', ')}; promoting it is the team's call, not the judge's`,
          `no harm found after ${minutes} min and ${caught.visitors} canary visitors (${canary.views} views): at ${finishPower * 100} % power this run would have caught visitors meeting an error or a failed load in ${percent(caught.share)} of canary visitors (live ${percent(caught.liveShare)}), and ${ratios.map(([name, ratio]) => (Number.isFinite(ratio) ? `${name} ${ratio.toFixed(2)}× live's` : `no ${name} rise at all (too few visitors with one)`)).join(', ')}`,
          `it could have missed smaller harms: an error share below ${percent(caught.share)}, ${ratios.map(([name, ratio]) => `${name} under ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'any ratio (too few visitors to compare)'}`).join(', ')}, and anything on a route too small to show on the whole site`,
          ...(powered
            ? []
            : [
                `a working day's decision at the power it had, short of the harms the policy names (visitors erring in ${percent(harmShare)}, ${policy.harmP75Ratio}× live's INP and LCP): a larger canary share reaches them sooner`,
              ]),
          ...unshown.map((check) => `not shown below its floor: ${check.reason}`),
        ],
        elapsedMs,
      };
  }
  // Each missing visitor is at least one more view.
  const views = Math.max(
    tooFew ? policy.healthyClients - viewers.visitors : 0,
    ...unshown.map((check) => check.needed),
  );
  const perHour = viewers.visitors / Math.max(elapsedMs / 3_600_000, 1 / 60);
  const hours = viewers.visitors > 0 && Number.isFinite(views) ? views / perHour : null;
  const shareForAnHour =
    hours === null ? null : Math.min(100, Math.ceil(Math.max(share, share * hours)));
  const needText = !Number.isFinite(views)
    ? 'the canary is not below its floor on these figures: more visitors will not call it healthy'
    : `about ${views} more canary visitors${hours === null ? '' : ` (${hours.toFixed(1)} h more at ${Math.round(perHour)} canary visitors/h, or about an hour at a ${shareForAnHour} % share)`}`;
  return {
    verdict: 'inconclusive',
    reasons: [
      ...blockers,
      ...(elapsedMs >= policy.finishAfterMs
        ? [
            ...halfway.map(
              (text) =>
                `no finish while the canary is worse than live by more than half a floor: ${text}`,
            ),
            ...leaning.map(
            (finding) =>
              `no finish while the canary leans worse: ${finding.reason()}; p = ${pText(finding.p)} (a finish needs every test over its floor above ${pText(policy.falseHealthyRate)})`,
          ),
          ]
        : []),
      ...unshown.map((check) => `not yet shown below its floor: ${check.reason}`),
      `to be conclusive: ${needText}`,
    ],
    elapsedMs,
    needs: { views: Number.isFinite(views) ? views : -1, hours, shareForAnHour },
  };
}

module.exports = { defaultCanaryPolicy, canaryPolicyOf, judgeCanary };
