// @ts-check
/**
 * What the canary's judge reads: per lane and route, the views, the views that had an error or
 * a failed load (yes/no per view), and the INP and LCP histograms, merged from the stored
 * minute aggregates.
 */

/** @typedef {import('../field-data/aggregates.cjs').MinuteAggregate} MinuteAggregate */
/** @typedef {import('../field-data/histogram.cjs').Histogram} Histogram */

/**
 * @typedef {object} Sample
 * @property {number} views
 * @property {number} errorViews views with at least one error
 * @property {number} failedLoadViews views with at least one failed module load
 * @property {Histogram} inp
 * @property {Histogram} lcp
 */

/** Samples by route, for the two lanes compared. @typedef {{ live: Record<string, Sample>; canary: Record<string, Sample> }} LaneSamples */

/**
 * Histograms added together. Their keys were checked when they were read (decodeMinuteAggregate):
 * this runs at every look on every route, so it does not check them again.
 * @param {ReadonlyArray<Readonly<Histogram>>} histograms @returns {Histogram}
 */
function addHistograms(histograms) {
  /** @type {Histogram} */
  const sum = {};
  for (const histogram of histograms)
    for (const key in histogram) sum[key] = (sum[key] ?? 0) + (histogram[key] ?? 0);
  return sum;
}

/** @returns {Sample} */
const emptySample = () => ({ views: 0, errorViews: 0, failedLoadViews: 0, inp: {}, lcp: {} });

/**
 * Samples added together. A view is counted with an error at most once: the yes/no counts are
 * capped at the views (stored counts may come from beacons that followed their view's first).
 * @param {ReadonlyArray<Sample>} samples @returns {Sample}
 */
function mergeSamples(samples) {
  const views = samples.reduce((sum, sample) => sum + sample.views, 0);
  const errorViews = samples.reduce((sum, sample) => sum + sample.errorViews, 0);
  const failedLoadViews = samples.reduce((sum, sample) => sum + sample.failedLoadViews, 0);
  return {
    views,
    errorViews: Math.min(errorViews, views),
    failedLoadViews: Math.min(failedLoadViews, views),
    inp: addHistograms(samples.map((sample) => sample.inp)),
    lcp: addHistograms(samples.map((sample) => sample.lcp)),
  };
}

/**
 * The samples of the live and canary lanes by route, from minute aggregates at or after
 * `fromMinute` ("YYYY-MM-DDTHH:MMZ"; all of them without it).
 * @param {ReadonlyArray<MinuteAggregate>} aggregates @param {string} [fromMinute]
 * @returns {LaneSamples}
 */
function laneSamplesOf(aggregates, fromMinute = '') {
  /** @type {{ live: Record<string, Sample[]>; canary: Record<string, Sample[]> }} */
  const parts = { live: {}, canary: {} };
  for (const aggregate of aggregates) {
    if (aggregate.minute < fromMinute) continue;
    if (aggregate.lane !== 'live' && aggregate.lane !== 'canary') continue;
    const routes = parts[aggregate.lane];
    (routes[aggregate.route] ??= []).push({
      views: aggregate.views,
      errorViews: aggregate.errors,
      failedLoadViews: aggregate.failedLoads,
      inp: aggregate.inp ?? {},
      lcp: aggregate.lcp ?? {},
    });
  }
  /** @param {Record<string, Sample[]>} routes */
  const merged = (routes) =>
    Object.fromEntries(Object.entries(routes).map(([route, list]) => [route, mergeSamples(list)]));
  return { live: merged(parts.live), canary: merged(parts.canary) };
}

module.exports = { emptySample, mergeSamples, laneSamplesOf };
