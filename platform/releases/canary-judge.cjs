// @ts-check
/**
 * The canary's judge: compares the visitors served the canary with those served the live set
 * over the same minutes, per route and for the whole site, and says whether to roll the canary
 * back, call it healthy, wait, or call it inconclusive (with what would make it conclusive).
 * Pure: the caller reads the samples (npm run canary, the scheduled function) and acts.
 *
 * Error rates over a whole run, not per look:
 * - A rollback needs a one-sided test (Fisher's exact test on views with an error or a failed
 *   load, a Mann-Whitney rank test on the INP and LCP histograms) to pass at a level spent
 *   across the looks (alpha spending: half of `falseRollbackRate` over the first two hours,
 *   half over the rest of `horizon`), shared out among the tests of a look (a union bound), so
 *   a canary equal to live is rolled back in at most `falseRollbackRate` of runs up to
 *   `horizon` long, however many routes and checks there are.
 *   The effect must also clear a floor (error share above 1.5× live's + 0.2 points, p75 at
 *   least 1.1× live's), so a significant but harmless difference is not a rollback.
 * - A catastrophe (most canary views of a route erroring) is tested against an absolute share
 *   with a tenth of the level, among far fewer tests: about ten canary views are enough.
 * - "Healthy" needs the data to show the canary below each floor (non-inferiority, at
 *   `falseHealthyRate` spent the same way), the window to have passed, and the share of views
 *   on the canary to fit its share (a sample-ratio check: forged or duplicated canary beacons
 *   block it). Without that power the verdict is "inconclusive", with the views still needed.
 * Both the whole run and a recent window (for the whole site) are judged for a rollback, so a
 * canary that turns bad late is not hidden by its good hours.
 *
 * One client cannot decide a verdict (the intake already caps what each adds per hour):
 * - a rollback needs its evidence from at least `minClients` clients in `minNetworks` networks
 *   (the canary's views with an error or a failed load, for those checks; its views, for INP
 *   and LCP); in the error and failed-load tests the network that weighs most counts no more
 *   than the next one, and what is counted must still be that spread, so no one client or
 *   network's addresses decide a rollback;
 * - "healthy" needs canary views from at least `healthyClients` clients in `healthyNetworks`
 *   networks, its error checks shown with the network of the most views counted no more than
 *   the next one, and no more canary views counted than canary pages served (page views'
 *   tokens given, when the caller has them).
 */
const { normalQuantile } = require('./canary-distributions.cjs');
const { countOf, percentileOf } = require('../field-data/histogram.cjs');
const { mergeSamples, emptySample } = require('./canary-samples.cjs');
const { networkOfMark } = require('../field-data/client-marks.cjs');
const tests = require('./canary-tests.cjs');

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
});

/** Settings that are shares (between 0 and 1, exclusive) and ratios (at least 1). */
const shareKeys = ['falseRollbackRate', 'falseHealthyRate', 'errorPoints', 'catastropheShare'];
const ratioKeys = ['errorRatio', 'p75Ratio'];
const durationKeys = ['windowMs', 'lookEveryMs', 'horizonMs', 'recentMs'];
/** Whole numbers that may be 0. */
const countKeys = ['minNetworks', 'healthyNetworks'];

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
 * @property {number} views canary views still needed (at today's rates; an estimate)
 * @property {number | null} hours at the canary's current views per hour; null without views yet
 * @property {number | null} shareForAnHour the canary share (%) that would bring them within an hour
 */

/**
 * @typedef {object} CanaryVerdict
 * @property {'rollback' | 'healthy' | 'wait' | 'inconclusive'} verdict
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

/**
 * How many clients and networks a map of client marks holds, the network that weighs most (its
 * count and its clients) and the count of the next one.
 * @param {Readonly<Record<string, number>>} marks
 */
function spreadOf(marks) {
  let clients = 0;
  /** @type {Map<string, { count: number; clients: number }>} */
  const networks = new Map();
  for (const mark in marks) {
    const count = marks[mark] ?? 0;
    if (count <= 0) continue;
    clients += 1;
    const network = networkOfMark(mark);
    const entry = networks.get(network) ?? { count: 0, clients: 0 };
    entry.count += count;
    entry.clients += 1;
    networks.set(network, entry);
  }
  let top = '';
  let topCount = 0;
  let topClients = 0;
  let second = 0;
  for (const [network, entry] of networks)
    if (entry.count > topCount) {
      second = topCount;
      [top, topCount, topClients] = [network, entry.count, entry.clients];
    } else second = Math.max(second, entry.count);
  return { clients, networks: networks.size, top, topCount, topClients, second };
}

/** The counts of one network's marks, added up. @param {Readonly<Record<string, number>>} marks @param {string} network */
function countIn(marks, network) {
  let sum = 0;
  for (const mark in marks) if (mark.startsWith(network)) sum += marks[mark] ?? 0;
  return sum;
}

/**
 * A lane's count figures with the network that weighs most counted no more than the next one,
 * so that no one client, nor one network's many addresses, decides: weighed by the views with
 * an error or a failed load (`by: 'bad'`, for a rollback: its excess of bad views, and the same
 * share of its views, come off) or by the views (`by: 'views'`, for "healthy": its excess of
 * views comes off, its bad views stay). Both err towards no verdict.
 * @param {Sample} sample @param {'bad' | 'views'} by
 * @param {ReturnType<typeof spreadOf>} [all] the evidence's spread, when the caller has it
 * @param {boolean} [weigh] false: networks are not weighed, the sample is returned whole
 * @returns {{ sample: Sample; rest: { clients: number; networks: number }; all: ReturnType<typeof spreadOf> }}
 *   `rest`: who the weighed bad views come from (the top network's left as one client; `by:
 *   'views'`: all); `all`: who all of the evidence came from
 */
function weighedByNetwork(
  sample,
  by,
  all = spreadOf(by === 'bad' ? sample.badClients : sample.clients),
  weigh = true,
) {
  if (!all.top || !weigh) return { sample, rest: all, all };
  const cut = all.topCount - all.second;
  if (by === 'views')
    return { sample: { ...sample, views: Math.max(sample.errorViews, sample.failedLoadViews, sample.views - cut) }, rest: all, all };
  // The big map (a busy canary's views) is read only here, for a finding that could decide.
  const views = Math.round((countIn(sample.clients, all.top) * cut) / all.topCount);
  const errorViews = Math.max(0, sample.errorViews - cut);
  const failedLoadViews = Math.max(0, sample.failedLoadViews - cut);
  const left = all.second > 0;
  return {
    sample: {
      ...sample,
      errorViews,
      failedLoadViews,
      views: Math.max(errorViews, failedLoadViews, sample.views - views),
    },
    rest: {
      clients: all.clients - all.topClients + (left ? 1 : 0),
      networks: all.networks - (left ? 0 : 1),
    },
    all,
  };
}

/** @param {{ clients: number; networks: number }} spread */
const spreadText = (spread) =>
  `${spread.clients} client${spread.clients === 1 ? '' : 's'} in ${spread.networks} network${spread.networks === 1 ? '' : 's'}`;

/**
 * @typedef {object} Finding
 * @property {'site' | 'route' | 'catastrophe'} family
 * @property {number} p
 * @property {boolean} overFloor
 * @property {() => string} reason written only for a finding that decides
 */

/** Views with an error or a failed load, by the name a person reads. */
const countChecks = /** @type {const} */ ([
  ['an error', 'errorViews'],
  ['a failed load', 'failedLoadViews'],
]);
const histogramChecks = /** @type {const} */ ([
  ['INP', 'inp'],
  ['LCP', 'lcp'],
]);

/**
 * The rollback tests of one scope (the site or a route) in one window.
 * @param {string} scope @param {string} window @param {Sample} canary @param {Sample} live
 * @param {CanaryPolicy} policy @param {boolean} withCatastrophe
 * @returns {Finding[]}
 */
function rollbackFindings(scope, window, canary, live, policy, withCatastrophe) {
  const site = scope === 'whole site';
  /** @type {Finding[]} */
  const findings = [];
  const where = `${scope} (${window})`;
  // Evidence is weighed only for a finding that could decide (it is the costly part of a look):
  // the network that weighs most counts no more than the next one, and what is counted must
  // still come from enough clients and networks. The text shows what was counted.
  /** @type {ReturnType<typeof weighedByNetwork> | undefined} */
  let weighed;
  const evidence = () =>
    (weighed ??= weighedByNetwork(canary, 'bad', undefined, policy.minNetworks > 0));
  const spread = (/** @type {{ clients: number; networks: number }} */ rest) =>
    rest.clients >= policy.minClients && rest.networks >= policy.minNetworks;
  for (const [name, field] of countChecks) {
    const ours = shareOf(canary[field], canary.views);
    const theirs = shareOf(live[field], live.views);
    const floor = theirs * policy.errorRatio + policy.errorPoints;
    const counts = () =>
      `${canary[field]} of ${canary.views} canary views from ${spreadText(evidence().all)} against ${live[field]} of ${live.views} live`;
    const tested = ours > floor ? evidence() : undefined;
    const overFloor =
      tested !== undefined &&
      spread(tested.rest) &&
      shareOf(tested.sample[field], tested.sample.views) > floor;
    if (canary.views > 0 && live.views > 0)
      findings.push({
        family: site ? 'site' : 'route',
        // Only a finding over its floor can decide: the others' tests are not run (p = 1).
        p:
          overFloor && tested
            ? tests.fisherGreater(tested.sample[field], tested.sample.views, live[field], live.views)
            : 1,
        overFloor,
        reason: () =>
          `${where}: views with ${name} ${percent(ours)} on the canary against ${percent(theirs)} live (${counts()})`,
      });
    // Live broken as badly is not the canary's doing; a catastrophe needs live to be fine.
    if (withCatastrophe && canary.views > 0 && theirs < policy.catastropheShare / 2) {
      const weighedBroken = ours > 0.5 ? evidence() : undefined;
      const broken =
        weighedBroken !== undefined &&
        spread(weighedBroken.rest) &&
        shareOf(weighedBroken.sample[field], weighedBroken.sample.views) > 0.5;
      findings.push({
        family: 'catastrophe',
        p:
          broken && weighedBroken
            ? tests.binomialAtLeast(
                weighedBroken.sample[field],
                weighedBroken.sample.views,
                policy.catastropheShare,
              )
            : 1,
        overFloor: broken,
        reason: () => `${where}: ${name} in ${percent(ours)} of canary views (${counts()})`,
      });
    }
  }
  for (const [name, field] of histogramChecks) {
    const ours = canary[field];
    const theirs = live[field];
    const ourCount = countOf(ours);
    const theirCount = countOf(theirs);
    if (ourCount < policy.minRankSamples || theirCount < policy.minRankSamples) continue;
    const ourP75 = percentileOf(name, ours, 0.75) ?? 0;
    const theirP75 = percentileOf(name, theirs, 0.75) ?? 0;
    // Histograms cannot be taken apart by client: what they rest on must be widely spread.
    const viewers = () => spreadOf(canary.clients);
    const overFloor = ourP75 >= theirP75 * policy.p75Ratio && spread(viewers());
    findings.push({
      family: site ? 'site' : 'route',
      p: overFloor ? tests.rankTestGreater(ours, theirs) : 1,
      overFloor,
      reason: () =>
        `${where}: p75 ${name} ${Math.round(ourP75)} ms on the canary against ${Math.round(theirP75)} ms live (${ourCount} samples from ${spreadText(viewers())}, ${theirCount} live)`,
    });
  }
  return findings;
}

/**
 * The rollback reasons: findings whose test passes at its share of this look's level, over the
 * floor.
 * @param {Finding[]} findings @param {number} lookLevel
 */
function rollbackReasons(findings, lookLevel) {
  const counts = { site: 0, route: 0, catastrophe: 0 };
  for (const finding of findings) counts[finding.family] += 1;
  // A catastrophe has a tenth of the level, among its few tests (each further canary view
  // divides its p-value by five); the comparisons of the whole site, where most effects show
  // first, most; those of each route the rest.
  const shares = { site: counts.route ? 0.7 : 0.9, route: 0.2, catastrophe: 0.1 };
  return findings.flatMap((finding) => {
    const level = (lookLevel * shares[finding.family]) / counts[finding.family];
    return finding.overFloor && finding.p <= level
      ? [`${finding.reason()}; p = ${pText(finding.p)} (needed ≤ ${pText(level)})`]
      : [];
  });
}

/**
 * Views needed for a one-sided binomial test at `level` to show a share below `bound` when the
 * true share is `expected` (half the time: the median run).
 * @param {number} expected @param {number} bound @param {number} level
 */
function viewsNeeded(expected, bound, level) {
  if (expected >= bound) return Number.POSITIVE_INFINITY;
  const z = normalQuantile(1 - level, 0, 1);
  return Math.ceil(((z * Math.sqrt(bound * (1 - bound))) / (bound - expected)) ** 2);
}

/**
 * @typedef {object} HealthCheck
 * @property {boolean} shown the canary is below the floor with confidence
 * @property {string} reason
 * @property {number} needed canary samples still needed (0 when shown)
 */

/**
 * The non-inferiority checks on the whole site: each shows the canary below its floor.
 * @param {Sample} canary @param {Sample} live @param {CanaryPolicy} policy @param {number} level
 * @param {ReturnType<typeof spreadOf> | null} viewers who the canary's views come from (null:
 *   not weighed, and the checks run on all of its views)
 * @returns {HealthCheck[]}
 */
function healthChecks(canary, live, policy, level, viewers) {
  /** @type {HealthCheck[]} */
  const checks = [];
  // Shown with the network of the most views counted as the next: one network's clean views
  // cannot show it.
  const tested = viewers
    ? weighedByNetwork(canary, 'views', viewers, policy.healthyNetworks > 0).sample
    : canary;
  for (const [name, field] of countChecks) {
    const theirs = shareOf(live[field], live.views);
    const floor = Math.min(1, theirs * policy.errorRatio + policy.errorPoints);
    const shown =
      live.views > 0 && tests.binomialAtMost(tested[field], tested.views, floor) <= level;
    const needed = shown ? 0 : Math.max(1, viewsNeeded(theirs, floor, level) - tested.views);
    checks.push({
      shown,
      needed,
      reason: `views with ${name}: ${canary[field]} of ${canary.views} on the canary (${percent(shareOf(canary[field], canary.views))}); the floor is ${percent(floor)} (live ${percent(theirs)} of ${live.views})`,
    });
  }
  for (const [name, field] of histogramChecks) {
    const theirs = live[field];
    const ours = canary[field];
    const p75 = percentileOf(name, theirs, 0.75);
    if (p75 === null && countOf(ours) === 0) continue;
    // Above the floor at the buckets' resolution: from two buckets above live's p75 bucket on
    // (each bucket is 12 % wide, so those values are more than 1.12× live's p75).
    const p75Index = p75 === null ? -1 : bucketIndexOf(theirs, 0.75);
    const above = (/** @type {Histogram} */ histogram) =>
      Object.entries(histogram).reduce(
        (sum, [key, count]) => (Number(key.slice(1)) >= p75Index + 2 ? sum + count : sum),
        0,
      );
    const n = countOf(ours);
    const liveCount = countOf(theirs);
    const oursAbove = above(ours);
    const liveAbove = shareOf(above(theirs), liveCount);
    const shown =
      liveCount >= policy.minRankSamples && tests.binomialAtMost(oursAbove, n, 0.25) <= level;
    const needed = shown ? 0 : Math.max(1, viewsNeeded(liveAbove, 0.25, level) - n);
    checks.push({
      shown,
      needed,
      reason: `${name}: ${oursAbove} of ${n} canary samples above ${policy.p75Ratio}× live's p75 (${Math.round(p75 ?? 0)} ms; ${liveCount} live samples); a quarter would be the floor`,
    });
  }
  return checks;
}

/** The bucket index of a histogram's percentile. @param {Histogram} histogram @param {number} fraction */
function bucketIndexOf(histogram, fraction) {
  const keys = Object.keys(histogram).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const rank = Math.ceil(fraction * countOf(histogram));
  let seen = 0;
  for (const key of keys) {
    seen += histogram[key] ?? 0;
    if (seen >= rank) return Number(key.slice(1));
  }
  return -1;
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

/**
 * @param {object} input
 * @param {LaneSamples} input.cumulative since the canary started
 * @param {LaneSamples} [input.recent] the last `recentMs`
 * @param {string | number} input.startedAt when the canary started (ISO time or ms)
 * @param {number} input.share the canary's share of visitors, in percent
 * @param {{ live: number; canary: number }} [input.served] pages served per lane over the run
 *   (page views' tokens given); without it the pages-served check is not made
 * @param {number} [input.now] ms; the clock by default
 * @param {CanaryPolicy} [policy]
 * @returns {CanaryVerdict}
 */
function judgeCanary({ cumulative, recent, startedAt, share, served, now = Date.now() }, policy = defaultCanaryPolicy) {
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
  const site = { canary: siteOf(cumulative.canary), live: siteOf(cumulative.live) };
  for (const [window, lanes] of windows) {
    const whole = window === 'whole run';
    const { canary, live } = whole ? site : { canary: siteOf(lanes.canary), live: siteOf(lanes.live) };
    findings.push(...rollbackFindings('whole site', window, canary, live, policy, whole));
    // Per route on the whole run only: a route's recent hour rarely has the views to decide,
    // and every test spends some of the level.
    if (whole)
      for (const [route, canary] of Object.entries(lanes.canary))
        findings.push(
          ...rollbackFindings(`route ${route}`, window, canary, lanes.live[route] ?? emptySample(), policy, whole),
        );
  }
  const worse = rollbackReasons(findings, policy.falseRollbackRate * lookShare);
  if (worse.length) return { verdict: 'rollback', reasons: worse, elapsedMs };

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
  // Each view's token counts once on each instance, so more views than tokens given means tokens
  // replayed across instances or forged with a leaked key. A flush's worth of slack: an instance
  // may store a view before another stores the token it gave.
  if (served)
    for (const [lane, sample] of /** @type {const} */ ([['canary', canary], ['live', live]])) {
      const slack = Math.max(5, Math.ceil(served[lane] * 0.02));
      if (sample.views > served[lane] + slack)
        blockers.push(
          `data health: ${sample.views} ${lane} views counted but ${served[lane]} ${lane} pages served (page views' tokens given): beacons beyond pages served`,
        );
    }
  // Who the views come from is weighed only when the counts alone would call the canary healthy,
  // or when its views are few (the costly part of a look: a busy canary has thousands of marks).
  const rough = healthChecks(canary, live, policy, level, null);
  const weigh =
    (!blockers.length && rough.every((check) => check.shown)) ||
    canary.views < 10 * policy.healthyClients;
  const viewers = weigh ? spreadOf(canary.clients) : null;
  if (viewers && (viewers.clients < policy.healthyClients || viewers.networks < policy.healthyNetworks))
    blockers.push(
      `too few visitors: the canary's views come from ${spreadText(viewers)}; healthy needs at least ${policy.healthyClients} clients in ${policy.healthyNetworks} networks`,
    );
  const checks = viewers ? healthChecks(canary, live, policy, level, viewers) : rough;
  const unshown = checks.filter((check) => !check.shown);
  if (!blockers.length && !unshown.length)
    return {
      verdict: 'healthy',
      reasons: [
        `nothing worse after ${minutes} min, and each floor ruled out (${canary.views} canary views, ${live.views} live):`,
        ...checks.map((check) => check.reason),
      ],
      elapsedMs,
    };
  // Each missing visitor is at least one more view.
  const views = Math.max(
    viewers && viewers.clients < policy.healthyClients ? policy.healthyClients - viewers.clients : 0,
    ...unshown.map((check) => check.needed),
  );
  const perHour = canary.views / Math.max(elapsedMs / 3_600_000, 1 / 60);
  const hours = canary.views > 0 && Number.isFinite(views) ? views / perHour : null;
  const shareForAnHour =
    hours === null ? null : Math.min(100, Math.ceil(Math.max(share, share * hours)));
  const needText = !Number.isFinite(views)
    ? 'the canary is not below its floor on these figures: more views will not call it healthy'
    : `about ${views} more canary views${hours === null ? '' : ` (${hours.toFixed(1)} h more at ${Math.round(perHour)} canary views/h, or about an hour at a ${shareForAnHour} % share)`}`;
  return {
    verdict: 'inconclusive',
    reasons: [
      ...blockers,
      ...unshown.map((check) => `not yet shown below its floor: ${check.reason}`),
      `to be conclusive: ${needText}`,
    ],
    elapsedMs,
    needs: { views: Number.isFinite(views) ? views : -1, hours, shareForAnHour },
  };
}

module.exports = { defaultCanaryPolicy, canaryPolicyOf, judgeCanary };
