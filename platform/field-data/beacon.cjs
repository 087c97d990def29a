// @ts-check
/**
 * A field-data beacon: what one page tells the render server about how its visit went, sent
 * with navigator.sendBeacon to the page's own origin. The browser builds it, the render server
 * decodes it (every field is checked: a beacon is input from anyone), and the aggregates count
 * it. A page sends one when it is first hidden or left, and one more soon after each error or
 * failed load, so a page that breaks is heard from even if the visitor stays on it.
 */
const { remoteIds } = require('../apps.cjs');

/** Where beacons are posted, on the site's own origin. */
const beaconPath = '/__vitals';

/** Where a page asks for its view's token (GET, `?set=<its version set>`; see view-token.cjs). */
const viewTokenPath = '/__vitals/view';

/** The most a beacon's body may weigh: a real one is a few hundred bytes. */
const maxBeaconBytes = 4096;

/** The metrics, as the web-vitals library names them. */
const metricNames = /** @type {const} */ (['LCP', 'INP', 'CLS']);

/** @typedef {typeof metricNames[number]} MetricName */

/** Largest plausible value of each metric (ms; CLS unitless): anything above is not a real page. */
const metricMaximum = /** @type {const} */ ({ LCP: 120_000, INP: 60_000, CLS: 100 });

/** Counts one beacon may carry, each at most this many. */
const maxCount = 100;

/** Attribution texts (an element's selector, an event type, an error's message) are cut to this. */
const maxAttributionLength = 200;

/** A version set's id, as the page's server state names it (see versionSetIdOf). */
const versionSetIdPattern = /^[0-9a-f]{12}$/;

/** A page view's token (platform/field-data/view-token.cjs reads it): short, plain characters. */
const viewTokenTextPattern = /^[A-Za-z0-9._-]{1,80}$/;

/** Route paths are the route table's, or the one 404 path: short, no query. */
const routePattern = /^\/[a-z0-9_/-]{0,40}$/;

/**
 * @typedef {object} Beacon
 * @property {1} v the format's version
 * @property {string} [token] the page view's token from the render server (see view-token.cjs)
 * @property {string} set the version set the page was rendered and hydrated with
 * @property {string} route the page's route path ("/", "/about", …, "/__not-found")
 * @property {boolean} view true on the first beacon of a page load: the views count
 * @property {Partial<Record<MetricName, number>>} metrics final values, each reported once
 * @property {number} errors uncaught errors and unhandled rejections since the last beacon
 * @property {number} failedLoads remote modules that could not be loaded since the last beacon
 * @property {number} tapsCaptured taps on controls made before the page had hydrated
 * @property {number} tapsReplayed of those, the ones replayed once it had
 * @property {Partial<Record<'lcpTarget' | 'inpTarget' | 'inpType' | 'clsTarget' | 'error' | 'failedRemote', string>>} attribution
 *   what web-vitals' attribution build names as the cause, the first error's message, the
 *   remote that failed to load
 */

/** @typedef {{ ok: true; beacon: Beacon } | { ok: false; reason: BeaconRefusal }} BeaconReading */

/** @typedef {'too-large' | 'not-json' | 'bad-shape' | 'unknown-set' | 'rate-limited' | 'wrong-method' | 'wrong-type' | 'no-token' | 'bad-token'} BeaconRefusal */

const attributionKeys = /** @type {const} */ ([
  'lcpTarget',
  'inpTarget',
  'inpType',
  'clsTarget',
  'error',
  'failedRemote',
]);

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} value @param {number} max */
const isCount = (value, max = maxCount) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * Reads a beacon's parsed JSON; refuses anything that is not exactly a beacon (unknown keys
 * too), so nothing unchecked reaches a log line or a document.
 * @param {unknown} json
 * @returns {BeaconReading}
 */
function decodeBeacon(json) {
  /** @type {BeaconReading} */
  const bad = { ok: false, reason: 'bad-shape' };
  if (!isRecord(json)) return bad;
  const known = new Set([
    'v',
    'set',
    'route',
    'view',
    'metrics',
    'errors',
    'failedLoads',
    'tapsCaptured',
    'tapsReplayed',
    'attribution',
    'token',
  ]);
  if (Object.keys(json).some((key) => !known.has(key))) return bad;
  const { v, set, route, view, metrics, errors, failedLoads, tapsCaptured, tapsReplayed } = json;
  if (v !== 1 || typeof view !== 'boolean') return bad;
  const { token } = json;
  if (token !== undefined && (typeof token !== 'string' || !viewTokenTextPattern.test(token)))
    return bad;
  if (typeof set !== 'string' || !versionSetIdPattern.test(set)) return bad;
  if (typeof route !== 'string' || !routePattern.test(route)) return bad;
  if (![errors, failedLoads, tapsCaptured, tapsReplayed].every((count) => isCount(count)))
    return bad;
  const metricsIn = metrics ?? {};
  if (!isRecord(metricsIn)) return bad;
  /** @type {Partial<Record<MetricName, number>>} */
  const metricsOut = {};
  for (const [name, value] of Object.entries(metricsIn)) {
    const metric = /** @type {MetricName} */ (name);
    if (!metricNames.includes(metric)) return bad;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return bad;
    if (value > metricMaximum[metric]) return bad;
    metricsOut[metric] = value;
  }
  const attributionIn = json.attribution ?? {};
  if (!isRecord(attributionIn)) return bad;
  /** @type {Beacon['attribution']} */
  const attribution = {};
  for (const [key, value] of Object.entries(attributionIn)) {
    const name = /** @type {typeof attributionKeys[number]} */ (key);
    if (!attributionKeys.includes(name) || typeof value !== 'string') return bad;
    if (name === 'failedRemote' && !(/** @type {readonly string[]} */ (remoteIds).includes(value)))
      return bad;
    attribution[name] = value.slice(0, maxAttributionLength);
  }
  return {
    ok: true,
    beacon: {
      v: 1,
      set,
      route,
      view,
      metrics: metricsOut,
      errors: /** @type {number} */ (errors),
      failedLoads: /** @type {number} */ (failedLoads),
      tapsCaptured: /** @type {number} */ (tapsCaptured),
      tapsReplayed: /** @type {number} */ (tapsReplayed),
      attribution,
      ...(token === undefined ? {} : { token }),
    },
  };
}

module.exports = {
  beaconPath,
  viewTokenPath,
  maxBeaconBytes,
  metricNames,
  metricMaximum,
  maxCount,
  maxAttributionLength,
  versionSetIdPattern,
  routePattern,
  viewTokenTextPattern,
  decodeBeacon,
};
