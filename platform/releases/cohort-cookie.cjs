// @ts-check
/**
 * The canary cohort cookie's value: `c.<canary id>.<signature>` (in the canary's share) or
 * `l.<canary id>.<signature>` (not in it). The signature is an HMAC-SHA256 of the cohort and
 * the canary id with the render server's cohort key, so a value is the same for every visitor
 * of a cohort (Firebase Hosting keys its CDN cache on this cookie) and nobody without the key
 * can write one: the canary id is in every visitor's own cookie, the key is not.
 */
const { createHmac, timingSafeEqual } = require('node:crypto');
const { purposeKeyOf } = require('./preview-token.cjs');

/**
 * The cohort key of a deployment whose secret is `secret`: derived from it for this purpose
 * alone, so a deployment keeps one secret and every instance signs alike.
 * @param {string} secret
 */
const cohortKeyOf = (secret) => purposeKeyOf(secret, 'cohort cookies');

/** @typedef {'c' | 'l'} Cohort */

/** 22 base64url characters: 132 bits, beyond guessing. @param {Buffer} key @param {Cohort} cohort @param {string} canaryId */
const signatureOf = (key, cohort, canaryId) =>
  createHmac('sha256', key).update(`${cohort}.${canaryId}`).digest('base64url').slice(0, 22);

/** @param {Buffer} key @param {Cohort} cohort @param {string} canaryId */
const cohortValue = (key, cohort, canaryId) =>
  `${cohort}.${canaryId}.${signatureOf(key, cohort, canaryId)}`;

/**
 * The cohort a cookie value names for the canary `canaryId`, if this key signed it.
 * @param {Buffer} key @param {string} value @param {string} canaryId @returns {Cohort | undefined}
 */
function cohortOf(key, value, canaryId) {
  for (const cohort of /** @type {const} */ (['c', 'l'])) {
    const expected = Buffer.from(cohortValue(key, cohort, canaryId));
    const given = Buffer.from(value);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return cohort;
  }
  return undefined;
}

module.exports = { cohortKeyOf, cohortValue, cohortOf };
