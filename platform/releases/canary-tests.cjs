// @ts-check
/**
 * The one-sided tests the canary's judge runs, on counts and on stored histograms. The
 * distributions are canary-distributions.cjs's; an upper tail is read as the lower tail of its
 * mirror (never as 1 - cdf), so that p-values of 1e-12 keep their digits.
 */
const { binomialCdf, hypergeometricCdf, normalCdf } = require('./canary-distributions.cjs');

/** @typedef {import('../field-data/histogram.cjs').Histogram} Histogram */

/**
 * Fisher's exact test, one-sided: how likely the canary would have `canaryHits` or more of the
 * `canaryTotal + liveTotal` views' hits if both lanes had the same share.
 * @param {number} canaryHits @param {number} canaryTotal
 * @param {number} liveHits @param {number} liveTotal
 * @returns {number} the p-value
 */
function fisherGreater(canaryHits, canaryTotal, liveHits, liveTotal) {
  const total = canaryTotal + liveTotal;
  const hits = canaryHits + liveHits;
  if (canaryHits <= 0 || total === 0) return 1;
  // X >= x for Hypergeometric(N, K, n) is the canary's misses n - X <= n - x, whose count
  // follows Hypergeometric(N, N - K, n).
  return hypergeometricCdf(canaryTotal - canaryHits, total, total - hits, canaryTotal);
}

/**
 * An exact binomial test, one-sided: how likely `hits` or more of `total` are if each is a hit
 * with probability `share`.
 * @param {number} hits @param {number} total @param {number} share
 */
function binomialAtLeast(hits, total, share) {
  if (hits <= 0) return 1;
  if (share <= 0) return 0;
  return binomialCdf(total - hits, total, 1 - share);
}

/**
 * The same, the other way: how likely `hits` or fewer are.
 * @param {number} hits @param {number} total @param {number} share
 */
function binomialAtMost(hits, total, share) {
  if (hits >= total) return 1;
  return binomialCdf(hits, total, share);
}

/** @param {Readonly<Histogram>} histogram @param {string} key */
const countIn = (histogram, key) => histogram[key] ?? 0;

/** Bucket keys of some histograms, lowest first. @param {ReadonlyArray<Readonly<Histogram>>} histograms */
function keysOf(histograms) {
  const keys = new Set(histograms.flatMap((histogram) => Object.keys(histogram)));
  return [...keys].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

/**
 * The Mann-Whitney rank test, one-sided, on two histograms (a bucket is a tie): how likely the
 * canary's values would rank this high among live's if both came from one distribution. The
 * normal approximation with the tie correction and a continuity correction; the judge runs it
 * only with at least a few samples in each lane.
 * @param {Readonly<Histogram>} canary @param {Readonly<Histogram>} live
 * @returns {number} the p-value
 */
function rankTestGreater(canary, live) {
  const keys = keysOf([canary, live]);
  let canaryCount = 0;
  let liveCount = 0;
  for (const key of keys) {
    canaryCount += countIn(canary, key);
    liveCount += countIn(live, key);
  }
  const total = canaryCount + liveCount;
  if (canaryCount === 0 || liveCount === 0) return 1;
  let u = 0;
  let liveBelow = 0;
  let ties = 0;
  for (const key of keys) {
    const ours = countIn(canary, key);
    const theirs = countIn(live, key);
    u += ours * (liveBelow + theirs / 2);
    liveBelow += theirs;
    const tied = ours + theirs;
    ties += tied ** 3 - tied;
  }
  const mean = (canaryCount * liveCount) / 2;
  const variance =
    ((canaryCount * liveCount) / 12) * (total + 1 - ties / (total * (total - 1 || 1)));
  if (variance <= 0) return 1;
  const z = (u - mean - 0.5) / Math.sqrt(variance);
  return normalCdf(-z, 0, 1);
}

/**
 * Are the canary's erring views per view above live's? Views cluster in visitors, so the
 * erring views are overdispersed: the test takes the pooled lanes' dispersion φ (the delta
 * method's variance Σ (e_i − R·v_i)² over what independent views would give, R·Σ v_i; at least
 * 1) and runs the exact conditional test of two Poisson counts on the counts divided by φ:
 * given all erring views, the canary's share of them is binomial with its share of the views.
 * The exact tail keeps small counts honest where a z test's normal tail would not; the pooled
 * dispersion is the null's, where both lanes are alike (a score test).
 * @param {import('./canary-visitors.cjs').ViewRate} canary
 * @param {import('./canary-visitors.cjs').ViewRate} live
 * @returns {{ p: number; dispersion: number }}
 */
function rateGreater(canary, live) {
  const views = canary.views + live.views;
  const errors = canary.errors + live.errors;
  if (canary.errors <= 0 || views <= 0 || errors <= 0 || live.views <= 0)
    return { p: 1, dispersion: 1 };
  const rate = errors / views;
  const squares =
    canary.ee + live.ee - 2 * rate * (canary.ev + live.ev) + rate * rate * (canary.vv + live.vv);
  const dispersion = Math.max(1, squares / (rate * views));
  // The sums are kept current by adding and taking away: a whole count may sit a rounding
  // error below itself.
  const p = binomialAtLeast(
    Math.floor(canary.errors / dispersion + 1e-9),
    Math.round(errors / dispersion),
    canary.views / views,
  );
  return { p, dispersion };
}

module.exports = { rateGreater, fisherGreater, binomialAtLeast, binomialAtMost, rankTestGreater };
