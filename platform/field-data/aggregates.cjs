// @ts-check
/**
 * How field data is kept in Firestore: one document per minute, version set and route, which
 * every render instance adds to with increments (written in batches, never one write per
 * beacon), and one per minute for the beacons refused. A reader (npm run vitals, the canary's
 * judge) merges any range of them. Only servers touch these collections: the rules deny them
 * to every client.
 */
const { createHash } = require('node:crypto');

/** @typedef {import('./histogram.cjs').Histogram} Histogram */
/** @typedef {import('../apps.cjs').RemoteId} RemoteId */
/** @typedef {'live' | 'canary' | 'preview'} Lane */

const aggregatesCollection = 'fieldData';
const refusalsCollection = 'fieldDataRefused';
/** Page views' tokens given, per minute, version set and lane: the pages the server served. */
const servedCollection = 'fieldDataServed';
/**
 * What each page view has counted, across every render instance: one create-only document per
 * view and part (its view, its error, its failed load, each metric), written only if none is
 * there yet, so a token replayed to another instance counts nothing more. `expireAt` (when the
 * token is void) is the field of the collection's TTL policy.
 */
const viewClaimsCollection = 'fieldDataViews';
const viewClaimExpiryField = 'expireAt';

/** Counts a minute's document adds up (beacons: every beacon accepted, views: page loads). */
const countFields = /** @type {const} */ ([
  'beacons',
  'views',
  'errors',
  'failedLoads',
  'tapsCaptured',
  'tapsReplayed',
]);

/** Every count at zero: where sums start. @returns {Record<typeof countFields[number], number>} */
const zeroCounts = () =>
  /** @type {Record<typeof countFields[number], number>} */ (
    Object.fromEntries(countFields.map((field) => [field, 0]))
  );

/** The histogram field of each metric. */
const histogramFields = /** @type {const} */ ({ LCP: 'lcp', INP: 'inp', CLS: 'cls' });

/**
 * One minute of one version set on one route, as stored.
 * @typedef {object} MinuteAggregate
 * @property {string} minute the minute's start, "YYYY-MM-DDTHH:MMZ" (sorts as time)
 * @property {string} set the version set's id
 * @property {string} route
 * @property {Lane} lane how the set was served: to everyone, to the canary's share, to a preview
 * @property {string | null} canary the canary running then, if any
 * @property {Partial<Record<RemoteId, string>>} releases each remote's release in the set
 * @property {number} beacons
 * @property {number} views
 * @property {number} errors
 * @property {number} failedLoads
 * @property {number} tapsCaptured
 * @property {number} tapsReplayed
 * @property {Histogram} [lcp]
 * @property {Histogram} [inp]
 * @property {Histogram} [cls]
 * @property {Record<string, number>} [clients] views by client mark (client-marks.cjs)
 * @property {Record<string, number>} [badClients] views with an error or a failed load by client mark
 * @property {Record<string, number>} [inpWorst] each client's worst INP in the minute (ms, at least 1)
 * @property {Record<string, number>} [lcpWorst] each client's worst LCP in the minute (ms, at least 1)
 * @property {number} [lastAt] when the minute's last beacon was received (ms since the epoch)
 */

/** The maps of client marks a minute holds (both lanes: the judge compares visitors). */
const clientMapFields = /** @type {const} */ (['clients', 'badClients', 'inpWorst', 'lcpWorst']);

/**
 * One minute of page views' tokens given for one version set, as stored.
 * @typedef {object} ServedMinute
 * @property {string} minute
 * @property {string} set
 * @property {Lane} lane
 * @property {string | null} canary
 * @property {number} served tokens given: pages that asked for one after load
 */

/** The minute a time falls in, as stored. @param {Date | number} time */
function minuteOf(time) {
  return `${new Date(time).toISOString().slice(0, 16)}Z`;
}

/** A version set's short id, from the render server's key of it (remotes and their builds). @param {string} versionSetKey */
function versionSetIdOf(versionSetKey) {
  return createHash('sha256').update(versionSetKey).digest('hex').slice(0, 12);
}

/**
 * The document id of a minute's aggregate: Firestore ids may not hold "/", so a route's slashes
 * become "~".
 * @param {string} minute @param {string} set @param {string} route
 */
function aggregateIdOf(minute, set, route) {
  return `${minute}_${set}_${route.replace(/\//g, '~')}`;
}

/** The document id of a minute's tokens given for a set. @param {string} minute @param {string} set */
const servedIdOf = (minute, set) => `${minute}_${set}`;

/**
 * The document id of a view's claim of one part ("view", "error", "failedLoad", "lcp"…); a view
 * id is base64url, so the id never is "." or "..", nor holds "/".
 * @param {string} viewId @param {string} part
 */
const viewClaimIdOf = (viewId, part) => `${viewId}.${part}`;

module.exports = {
  aggregatesCollection,
  refusalsCollection,
  servedCollection,
  viewClaimsCollection,
  viewClaimExpiryField,
  countFields,
  clientMapFields,
  zeroCounts,
  histogramFields,
  minuteOf,
  versionSetIdOf,
  aggregateIdOf,
  servedIdOf,
  viewClaimIdOf,
};
