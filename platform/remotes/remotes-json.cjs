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

module.exports = { parseRemoteLocations, RemoteLocationsError };
