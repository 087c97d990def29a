// @ts-check
/**
 * Metric values kept as histograms, so that any number of render instances can add to one
 * minute's figures (a count per bucket is a sum) and a reader can merge minutes, routes and
 * instances and still tell a percentile. Buckets grow by 12 % each: a percentile read from them
 * is the bucket's upper bound, at most 12 % above the true value, never below it.
 */

/** @typedef {import('./beacon.cjs').MetricName} MetricName */

/** Bucket counts by index, as stored ("b<index>" -> count). @typedef {Record<string, number>} Histogram */

const growth = 1.12;
/** Values below the first bound (ms, or CLS in thousandths) share bucket 0. */
const firstBound = 5;

/** CLS is a small unitless score: counted in thousandths so that it shares the buckets. */
const scaleOf = (/** @type {MetricName} */ metric) => (metric === 'CLS' ? 1000 : 1);

/**
 * The bucket a value falls in.
 * @param {MetricName} metric @param {number} value
 * @returns {string} the stored key, "b<index>"
 */
function bucketOf(metric, value) {
  const scaled = value * scaleOf(metric);
  if (scaled < firstBound) return 'b0';
  return `b${Math.floor(Math.log(scaled / firstBound) / Math.log(growth)) + 1}`;
}

/**
 * The largest value a bucket holds (its upper bound), in the metric's own unit.
 * @param {MetricName} metric @param {string} key "b<index>"
 */
function upperBoundOf(metric, key) {
  const index = Number(key.slice(1));
  return (firstBound * growth ** index) / scaleOf(metric);
}

/**
 * Adds histograms into a new one.
 * @param {ReadonlyArray<Readonly<Histogram> | undefined>} histograms
 * @returns {Histogram}
 */
function mergeHistograms(histograms) {
  /** @type {Histogram} */
  const merged = {};
  for (const histogram of histograms)
    for (const [key, count] of Object.entries(histogram ?? {}))
      if (/^b\d+$/.test(key) && Number.isFinite(count)) merged[key] = (merged[key] ?? 0) + count;
  return merged;
}

/** @param {Readonly<Histogram>} histogram */
const countOf = (histogram) => Object.values(histogram).reduce((sum, count) => sum + count, 0);

/**
 * The value at `fraction` (0.75 for p75) of a histogram, as its bucket's upper bound; null
 * when it is empty.
 * @param {MetricName} metric @param {Readonly<Histogram>} histogram @param {number} fraction
 * @returns {number | null}
 */
function percentileOf(metric, histogram, fraction) {
  const total = countOf(histogram);
  if (total === 0) return null;
  const keys = Object.keys(histogram).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const rank = Math.ceil(fraction * total);
  let seen = 0;
  for (const key of keys) {
    seen += histogram[key] ?? 0;
    if (seen >= rank) return upperBoundOf(metric, key);
  }
  return upperBoundOf(metric, keys[keys.length - 1] ?? 'b0');
}

module.exports = { bucketOf, upperBoundOf, mergeHistograms, countOf, percentileOf };
