// @ts-check
/**
 * remotes.json: where each remote is deployed, read by the browser, the render server and the
 * release commands alike. Every known remote must map to an http(s) URL; nothing else is accepted.
 */
const { remoteIds } = require('../apps.cjs');

class RemoteLocationsError extends Error {
  /** @override */
  name = 'RemoteLocationsError';
}

/**
 * @param {unknown} json
 * @returns {Record<import('../apps.cjs').RemoteId, string>}
 */
function parseRemoteLocations(json) {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RemoteLocationsError('remotes.json must be an object of remote name to URL');
  }
  const record = /** @type {Record<string, unknown>} */ (json);
  /** @type {Partial<Record<import('../apps.cjs').RemoteId, string>>} */
  const result = {};
  for (const alias of remoteIds) {
    const url = record[alias];
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) {
      throw new RemoteLocationsError(`remotes.json: "${alias}" must be an http(s) URL`);
    }
    result[alias] = url;
  }
  return /** @type {Record<import('../apps.cjs').RemoteId, string>} */ (result);
}

/**
 * A canary: some remotes' candidate releases served to a sticky share of visitors while the
 * rest keep the live ones. It rides in remotes.json under "canary", so the live pointer and the
 * canary change together, in one atomic write that every render instance reads.
 * @typedef {object} Canary
 * @property {string} id names this canary (a new one is drawn for each start)
 * @property {number} share percent of visitors (1-50) served the candidate
 * @property {string} startedAt ISO time
 * @property {{ share: number; at: string }} [widen] a staged canary: new visitors are drawn at
 *   this larger share from `at` (ISO time) on; those drawn before keep their cohort
 * @property {Partial<Record<import('../apps.cjs').RemoteId, string>>} remotes the candidate's manifest URLs
 * @property {Partial<Record<import('../apps.cjs').RemoteId, string>>} releases the candidate's versions, for people
 */

const canaryIdPattern = /^[0-9a-f]{8,32}$/;

/**
 * The canary remotes.json describes, or null when none runs.
 * @param {unknown} json remotes.json, parsed
 * @returns {Canary | null}
 */
function parseCanary(json) {
  const canary = /** @type {Record<string, unknown> | null} */ (json)?.canary;
  if (canary === undefined || canary === null) return null;
  const fail = (/** @type {string} */ why) => {
    throw new RemoteLocationsError(`remotes.json: "canary" ${why}`);
  };
  if (typeof canary !== 'object' || Array.isArray(canary)) return fail('must be an object');
  const { id, share, startedAt, remotes, releases, widen } =
    /** @type {Record<string, unknown>} */ (canary);
  if (typeof id !== 'string' || !canaryIdPattern.test(id)) return fail('needs a hex "id"');
  if (typeof share !== 'number' || !Number.isInteger(share) || share < 1 || share > 50)
    return fail('"share" must be a whole percent from 1 to 50');
  if (typeof startedAt !== 'string' || Number.isNaN(Date.parse(startedAt)))
    return fail('"startedAt" must be an ISO time');
  /** @type {Canary['widen']} */
  let widened;
  if (widen !== undefined) {
    const { share: wider, at } = /** @type {Record<string, unknown>} */ (
      typeof widen === 'object' && widen !== null && !Array.isArray(widen) ? widen : {}
    );
    if (typeof wider !== 'number' || !Number.isInteger(wider) || wider <= share || wider > 50)
      return fail(`"widen.share" must be a whole percent above ${share} and at most 50`);
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at)))
      return fail('"widen.at" must be an ISO time');
    widened = { share: wider, at };
  }
  if (typeof remotes !== 'object' || remotes === null || Array.isArray(remotes))
    return fail('"remotes" must name the candidate remotes');
  /** @type {Canary['remotes']} */
  const candidate = {};
  for (const [alias, url] of Object.entries(remotes)) {
    if (!(/** @type {readonly string[]} */ (remoteIds).includes(alias)))
      return fail(`names an unknown remote "${alias}"`);
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url))
      return fail(`"${alias}" must be an http(s) URL`);
    candidate[/** @type {import('../apps.cjs').RemoteId} */ (alias)] = url;
  }
  if (Object.keys(candidate).length === 0) return fail('names no remote');
  /** @type {Canary['releases']} */
  const versions = {};
  if (typeof releases === 'object' && releases !== null)
    for (const [alias, version] of Object.entries(releases))
      if (alias in candidate && typeof version === 'string')
        versions[/** @type {import('../apps.cjs').RemoteId} */ (alias)] = version;
  return {
    id,
    share,
    startedAt,
    remotes: candidate,
    releases: versions,
    ...(widened ? { widen: widened } : {}),
  };
}

/**
 * The share new visitors are drawn at, at `now` (ms): a staged canary's wider share from its
 * time on. Every instance reads the same remotes.json and clock, so all widen together.
 * @param {Pick<Canary, 'share' | 'widen'>} canary @param {number} now
 */
function canaryShareAt(canary, now) {
  return canary.widen && now >= Date.parse(canary.widen.at) ? canary.widen.share : canary.share;
}

module.exports = {
  parseRemoteLocations,
  parseCanary,
  canaryShareAt,
  canaryIdPattern,
  RemoteLocationsError,
};
