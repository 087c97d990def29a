// @ts-check
/**
 * Figures from field data: any number of minute aggregates (minutes, instances, routes) merged
 * into what a person or the canary's judge reads: how many views, how often a page erred or a
 * module failed to load, and the p75 of each metric with the number of samples it rests on.
 */
const { countFields, zeroCounts } = require('./aggregates.cjs');
const { countOf, mergeHistograms, percentileOf } = require('./histogram.cjs');

/** @typedef {import('./aggregates.cjs').MinuteAggregate} MinuteAggregate */
/** @typedef {import('./aggregates.cjs').Lane} Lane */

/**
 * @typedef {object} Figures
 * @property {number} views page loads
 * @property {number} beacons
 * @property {number} errors
 * @property {number} failedLoads
 * @property {number | null} errorRate errors per view; null without views
 * @property {number | null} failedLoadRate failed loads per view; null without views
 * @property {number | null} lcpP75 ms (a bucket's upper bound); null without samples
 * @property {number | null} inpP75 ms
 * @property {number | null} clsP75 unitless
 * @property {number} lcpSamples
 * @property {number} inpSamples
 * @property {number} clsSamples
 * @property {number} tapsCaptured taps made before the page was interactive
 * @property {number} tapsReplayed of those, replayed once it was
 */

/**
 * One group's figures, with what the group is.
 * @typedef {object} GroupFigures
 * @property {string} route
 * @property {string} set
 * @property {Lane} lane
 * @property {string | null} canary
 * @property {MinuteAggregate['releases']} releases
 * @property {string} firstMinute
 * @property {string} lastMinute
 * @property {Figures} figures
 */

/** @param {number} part @param {number} whole */
const rate = (part, whole) => (whole > 0 ? part / whole : null);

/**
 * The figures of all `aggregates` together.
 * @param {ReadonlyArray<MinuteAggregate>} aggregates
 * @returns {Figures}
 */
function summarize(aggregates) {
  const sums = zeroCounts();
  for (const aggregate of aggregates)
    for (const field of countFields) sums[field] += aggregate[field];
  const lcp = mergeHistograms(aggregates.map((aggregate) => aggregate.lcp));
  const inp = mergeHistograms(aggregates.map((aggregate) => aggregate.inp));
  const cls = mergeHistograms(aggregates.map((aggregate) => aggregate.cls));
  return {
    views: sums.views,
    beacons: sums.beacons,
    errors: sums.errors,
    failedLoads: sums.failedLoads,
    errorRate: rate(sums.errors, sums.views),
    failedLoadRate: rate(sums.failedLoads, sums.views),
    lcpP75: percentileOf('LCP', lcp, 0.75),
    inpP75: percentileOf('INP', inp, 0.75),
    clsP75: percentileOf('CLS', cls, 0.75),
    lcpSamples: countOf(lcp),
    inpSamples: countOf(inp),
    clsSamples: countOf(cls),
    tapsCaptured: sums.tapsCaptured,
    tapsReplayed: sums.tapsReplayed,
  };
}

/**
 * Figures per route and version set, sorted by route, then by views (most first).
 * @param {ReadonlyArray<MinuteAggregate>} aggregates
 * @returns {GroupFigures[]}
 */
function summarizeByRouteAndSet(aggregates) {
  /** @type {Map<string, MinuteAggregate[]>} */
  const groups = new Map();
  for (const aggregate of aggregates) {
    // A set is served in one lane at a time, but the same set can be live after it was the
    // canary: the lane and canary are part of the group, so the two periods stay apart.
    const key = JSON.stringify([aggregate.route, aggregate.set, aggregate.lane, aggregate.canary]);
    groups.set(key, [...(groups.get(key) ?? []), aggregate]);
  }
  return [...groups.values()]
    .map((members) => {
      const minutes = members.map((member) => member.minute).sort();
      const first = /** @type {MinuteAggregate} */ (members[0]);
      return {
        route: first.route,
        set: first.set,
        lane: first.lane,
        canary: first.canary,
        releases: first.releases,
        firstMinute: /** @type {string} */ (minutes[0]),
        lastMinute: /** @type {string} */ (minutes[minutes.length - 1]),
        figures: summarize(members),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route) || b.figures.views - a.figures.views);
}

/**
 * Figures per lane over every route (the canary's judge compares 'live' with 'canary').
 * @param {ReadonlyArray<MinuteAggregate>} aggregates
 * @returns {Record<Lane, Figures>}
 */
function summarizeByLane(aggregates) {
  const of = (/** @type {Lane} */ lane) =>
    summarize(aggregates.filter((aggregate) => aggregate.lane === lane));
  return { live: of('live'), canary: of('canary'), preview: of('preview') };
}

/** Figures that may be null (nothing to tell); the others are counts. */
const nullable = ['errorRate', 'failedLoadRate', 'lcpP75', 'inpP75', 'clsP75'];

/**
 * Figures read back from where they were stored (a decision document, the release record), or
 * null when `value` is not exactly figures.
 * @param {unknown} value @returns {Figures | null}
 */
function decodeFigures(value) {
  if (typeof value !== 'object' || value === null) return null;
  const fields = /** @type {Record<string, unknown>} */ (value);
  for (const key of Object.keys(summarize([]))) {
    const figure = fields[key];
    const ok =
      (typeof figure === 'number' && Number.isFinite(figure) && figure >= 0) ||
      (figure === null && nullable.includes(key));
    if (!ok) return null;
  }
  return /** @type {Figures} */ (value);
}

module.exports = { summarize, summarizeByRouteAndSet, summarizeByLane, decodeFigures };
