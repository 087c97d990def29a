// @ts-check
/**
 * A page view's token: the render server hands one to each page that asks (a small no-store
 * request after load), and a beacon counts only with a valid one, so beacons stand for page
 * views the server really served. A token names the version set and lane it was given for,
 * when, and a random view id (each view counts once, however often its token is sent again):
 *
 *   <set>.<lane letter>.<issued, seconds in base 36>.<view id>.<signature>
 *
 * The signature is an HMAC-SHA256 of the rest with a key derived from PREVIEW_SECRET, the way
 * cohort cookies are signed (platform/releases/cohort-cookie.cjs): every instance signs alike.
 */
const { createHmac, randomBytes, timingSafeEqual } = require('node:crypto');
const { versionSetIdPattern } = require('./beacon.cjs');
const { purposeKeyOf } = require('../releases/preview-token.cjs');

/** A token is good this long after it was issued: a page's beacons leave within its visit. */
const viewTokenLifetimeMs = 2 * 3_600_000;

/** Issued-at times this far in the future are taken (instances' clocks differ a little). */
const clockSkewMs = 60_000;

/** @typedef {import('./aggregates.cjs').Lane} Lane */

const laneLetters = /** @type {const} */ ({ live: 'l', canary: 'c', preview: 'p' });
/** @type {Record<string, Lane>} */
const laneOfLetter = { l: 'live', c: 'canary', p: 'preview' };

/** The shape of a token; anything else is not one (and never reaches the HMAC). */
const tokenPattern =
  /^([0-9a-f]{12})\.([lcp])\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

/**
 * The key view tokens are signed with, derived from the deployment's one secret for this
 * purpose alone (HKDF, as preview links' and cohort cookies' keys are).
 * @param {string} secret
 */
const viewTokenKeyOf = (secret) => purposeKeyOf(secret, 'page view tokens');

/** 22 base64url characters: 132 bits. @param {Buffer} key @param {string} text */
const signatureOf = (key, text) =>
  createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);

/**
 * When no instance takes a token issued at `issuedAt` any more (its lifetime, and the clocks'
 * difference): what its view counted need not be remembered past then.
 * @param {number} issuedAt ms
 */
const viewTokenVoidAt = (issuedAt) => issuedAt + viewTokenLifetimeMs + clockSkewMs;

/**
 * A new token for one page view of `set` served in `lane`.
 * @param {Buffer} key @param {{ set: string; lane: Lane }} view @param {number} [now] ms
 */
function issueViewToken(key, { set, lane }, now = Date.now()) {
  const viewId = randomBytes(12).toString('base64url');
  const text = `${set}.${laneLetters[lane]}.${Math.floor(now / 1000).toString(36)}.${viewId}`;
  return `${text}.${signatureOf(key, text)}`;
}

/**
 * @typedef {{ ok: true; set: string; lane: Lane; viewId: string; issuedAt: number }
 *   | { ok: false; problem: 'malformed' | 'forged' | 'expired' | 'early' }} ViewTokenReading
 */

/**
 * Reads a token: its signature with `key`, and its age.
 * @param {Buffer} key @param {string} token @param {number} [now] ms
 * @returns {ViewTokenReading}
 */
function readViewToken(key, token, now = Date.now()) {
  const match = tokenPattern.exec(token);
  if (!match) return { ok: false, problem: 'malformed' };
  const [, set = '', letter = '', issued = '', viewId = '', signature = ''] = match;
  const expected = Buffer.from(signatureOf(key, `${set}.${letter}.${issued}.${viewId}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, problem: 'forged' };
  const issuedAt = parseInt(issued, 36) * 1000;
  if (issuedAt > now + clockSkewMs) return { ok: false, problem: 'early' };
  if (now - issuedAt > viewTokenLifetimeMs) return { ok: false, problem: 'expired' };
  const lane = laneOfLetter[letter];
  if (!lane || !versionSetIdPattern.test(set)) return { ok: false, problem: 'malformed' };
  return { ok: true, set, lane, viewId, issuedAt };
}

module.exports = {
  viewTokenLifetimeMs,
  viewTokenVoidAt,
  viewTokenKeyOf,
  issueViewToken,
  readViewToken,
};
