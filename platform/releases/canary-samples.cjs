// @ts-check
/**
 * What the canary's judge reads: per lane and route, the views, the views that had an error or
 * a failed load (yes/no per view), the INP and LCP histograms and, on both lanes, who sent the
 * views (client marks) with each visitor's worst INP and LCP, merged from the stored minute
 * aggregates; and per lane the pages served (page views' tokens given).
 */

/** @typedef {import('../field-data/aggregates.cjs').MinuteAggregate} MinuteAggregate */
/** @typedef {import('../field-data/aggregates.cjs').ServedMinute} ServedMinute */
/** @typedef {import('../field-data/histogram.cjs').Histogram} Histogram */

/**
 * @typedef {object} Sample
 * @property {number} views
 * @property {number} errorViews views with at least one error
 * @property {number} failedLoadViews views with at least one failed module load
 * @property {Histogram} inp
 * @property {Histogram} lcp
 * @property {Record<string, number>} clients views by client mark
 * @property {Record<string, number>} badClients views with an error or a failed load by client mark
 * @property {Record<string, number>} inpWorst each visitor's worst INP (ms) by client mark
 * @property {Record<string, number>} lcpWorst each visitor's worst LCP (ms) by client mark
 */

/**
 * Samples by route, for the two lanes compared; `site`, when the caller keeps it, each lane's
 * whole site (its routes merged: a visitor of two routes once, with its worst of both), which
 * the judge otherwise merges itself.
 * @typedef {{ live: Record<string, Sample>; canary: Record<string, Sample>; site?: { live: Sample; canary: Sample } }} LaneSamples
 */

/**
 * Maps of counts added together.
 * @param {ReadonlyArray<Readonly<Record<string, number>>>} maps @returns {Record<string, number>}
 */
function addCounts(maps) {
  /** @type {Record<string, number>} */
  const sum = {};
  for (const map of maps) for (const key in map) sum[key] = (sum[key] ?? 0) + (map[key] ?? 0);
  return sum;
}

/**
 * Maps of worst values merged: each key's largest.
 * @param {ReadonlyArray<Readonly<Record<string, number>>>} maps @returns {Record<string, number>}
 */
function maxOf(maps) {
  /** @type {Record<string, number>} */
  const worst = {};
  for (const map of maps)
    for (const key in map) worst[key] = Math.max(worst[key] ?? 0, map[key] ?? 0);
  return worst;
}

/** @returns {Sample} */
const emptySample = () => ({
  views: 0,
  errorViews: 0,
  failedLoadViews: 0,
  inp: {},
  lcp: {},
  clients: {},
  badClients: {},
  inpWorst: {},
  lcpWorst: {},
});

/**
 * Samples added together. A view is counted with an error at most once: the yes/no counts are
 * capped at the views (stored counts may come from beacons that followed their view's first).
 * @param {ReadonlyArray<Sample>} samples @returns {Sample}
 */
function mergeSamples(samples) {
  const views = samples.reduce((sum, sample) => sum + sample.views, 0);
  const errorViews = samples.reduce((sum, sample) => sum + sample.errorViews, 0);
  const failedLoadViews = samples.reduce((sum, sample) => sum + sample.failedLoadViews, 0);
  /** @type {Record<string, number> | undefined} */
  let clients;
  /** @type {Record<string, number> | undefined} */
  let badClients;
  /** @type {Record<string, number> | undefined} */
  let inpWorst;
  /** @type {Record<string, number> | undefined} */
  let lcpWorst;
  // Histogram keys and marks were checked when they were read (decodeMinuteAggregate): this
  // runs at every look on every route, so it does not check them again. The marks (thousands
  // on a busy canary) are added up only when the judge asks for them.
  return {
    views,
    errorViews: Math.min(errorViews, views),
    failedLoadViews: Math.min(failedLoadViews, views),
    inp: addCounts(samples.map((sample) => sample.inp)),
    lcp: addCounts(samples.map((sample) => sample.lcp)),
    get clients() {
      return (clients ??= addCounts(samples.map((sample) => sample.clients)));
    },
    get badClients() {
      return (badClients ??= addCounts(samples.map((sample) => sample.badClients)));
    },
    get inpWorst() {
      return (inpWorst ??= maxOf(samples.map((sample) => sample.inpWorst)));
    },
    get lcpWorst() {
      return (lcpWorst ??= maxOf(samples.map((sample) => sample.lcpWorst)));
    },
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
      clients: aggregate.clients ?? {},
      badClients: aggregate.badClients ?? {},
      inpWorst: aggregate.inpWorst ?? {},
      lcpWorst: aggregate.lcpWorst ?? {},
    });
  }
  /** @param {Record<string, Sample[]>} routes */
  const merged = (routes) =>
    Object.fromEntries(Object.entries(routes).map(([route, list]) => [route, mergeSamples(list)]));
  return { live: merged(parts.live), canary: merged(parts.canary) };
}

/**
 * Pages served (tokens given) per lane, from minutes at or after `fromMinute`.
 * @param {ReadonlyArray<ServedMinute>} minutes @param {string} [fromMinute]
 * @returns {{ live: number; canary: number }}
 */
function servedOf(minutes, fromMinute = '') {
  const served = { live: 0, canary: 0 };
  for (const minute of minutes)
    if (minute.minute >= fromMinute && (minute.lane === 'live' || minute.lane === 'canary'))
      served[minute.lane] += minute.served;
  return served;
}

module.exports = { emptySample, mergeSamples, laneSamplesOf, servedOf };
