// @ts-check
/**
 * Reads a stored minute aggregate back. The documents are written by the render servers, but a
 * reader (npm run vitals, the canary's judge) treats them as input like any other: a document
 * that is not a minute aggregate is skipped, a count that is not a non-negative number is 0, a
 * bucket key that is not "b<index>" is dropped.
 */
const { clientMapFields, countFields, histogramFields, zeroCounts } = require('./aggregates.cjs');
const { clientMarkPattern, maxMarksPerMinute } = require('./client-marks.cjs');
const { remoteIds } = require('../apps.cjs');

/** @typedef {import('./aggregates.cjs').MinuteAggregate} MinuteAggregate */
/** @typedef {import('./aggregates.cjs').ServedMinute} ServedMinute */
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
 * A map of client marks to counts: marks of the stored shape only, at most a minute's worth.
 * @param {unknown} value @returns {Record<string, number> | undefined}
 */
function marksOf(value) {
  if (!isRecord(value)) return undefined;
  /** @type {Record<string, number>} */
  const marks = {};
  let kept = 0;
  for (const [key, count] of Object.entries(/** @type {Record<string, unknown>} */ (value))) {
    if (kept >= maxMarksPerMinute) break;
    if (!clientMarkPattern.test(key) || countOf(count) === 0) continue;
    marks[key] = countOf(count);
    kept += 1;
  }
  return marks;
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
  for (const field of clientMapFields) {
    const marks = marksOf(fields[field]);
    if (marks) aggregate[field] = marks;
  }
  const lastAt = countOf(fields.lastAt);
  if (lastAt > 0) aggregate.lastAt = lastAt;
  return aggregate;
}

/**
 * A minute of tokens given, or null when `data` is not one.
 * @param {unknown} data a document's fields
 * @returns {ServedMinute | null}
 */
function decodeServedMinute(data) {
  if (!isRecord(data)) return null;
  const { minute, set, lane, canary, served } = /** @type {Record<string, unknown>} */ (data);
  if (typeof minute !== 'string' || !minutePattern.test(minute)) return null;
  if (typeof set !== 'string' || set === '') return null;
  if (typeof lane !== 'string' || !lanes.includes(lane)) return null;
  return {
    minute,
    set,
    lane: /** @type {ServedMinute['lane']} */ (lane),
    canary: typeof canary === 'string' && canary !== '' ? canary : null,
    served: countOf(served),
  };
}

module.exports = { decodeMinuteAggregate, decodeServedMinute };
