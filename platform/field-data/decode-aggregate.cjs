// @ts-check
/**
 * Reads a stored minute aggregate back. The documents are written by the render servers, but a
 * reader (npm run vitals, the canary's judge) treats them as input like any other: a document
 * that is not a minute aggregate is skipped, a count that is not a non-negative number is 0, a
 * bucket key that is not "b<index>" is dropped.
 */
const { countFields, histogramFields, zeroCounts } = require('./aggregates.cjs');
const { remoteIds } = require('../apps.cjs');

/** @typedef {import('./aggregates.cjs').MinuteAggregate} MinuteAggregate */
/** @typedef {import('./histogram.cjs').Histogram} Histogram */

const minutePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/;
const lanes = ['live', 'canary', 'preview'];

/** @param {unknown} value */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} value */
const countOf = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** @param {unknown} value @returns {Histogram | undefined} */
function histogramOf(value) {
  if (!isRecord(value)) return undefined;
  /** @type {Histogram} */
  const histogram = {};
  for (const [key, count] of Object.entries(/** @type {Record<string, unknown>} */ (value)))
    if (/^b\d{1,3}$/.test(key) && countOf(count) > 0) histogram[key] = countOf(count);
  return histogram;
}

/**
 * A minute aggregate, or null when `data` is not one.
 * @param {unknown} data a document's fields
 * @returns {MinuteAggregate | null}
 */
function decodeMinuteAggregate(data) {
  if (!isRecord(data)) return null;
  const fields = /** @type {Record<string, unknown>} */ (data);
  const { minute, set, route, lane, canary, releases } = fields;
  if (typeof minute !== 'string' || !minutePattern.test(minute)) return null;
  if (typeof set !== 'string' || set === '' || typeof route !== 'string' || route === '')
    return null;
  if (typeof lane !== 'string' || !lanes.includes(lane)) return null;
  /** @type {MinuteAggregate['releases']} */
  const versions = {};
  if (isRecord(releases))
    for (const [remote, version] of Object.entries(
      /** @type {Record<string, unknown>} */ (releases),
    ))
      if (
        /** @type {readonly string[]} */ (remoteIds).includes(remote) &&
        typeof version === 'string'
      )
        versions[/** @type {import('../apps.cjs').RemoteId} */ (remote)] = version;
  /** @type {MinuteAggregate} */
  const aggregate = {
    minute,
    set,
    route,
    lane: /** @type {MinuteAggregate['lane']} */ (lane),
    canary: typeof canary === 'string' && canary !== '' ? canary : null,
    releases: versions,
    ...zeroCounts(),
  };
  for (const field of countFields) aggregate[field] = countOf(fields[field]);
  for (const field of Object.values(histogramFields)) {
    const histogram = histogramOf(fields[field]);
    if (histogram) aggregate[field] = histogram;
  }
  return aggregate;
}

module.exports = { decodeMinuteAggregate };
