// @ts-check
/**
 * Preview links: a signed, expiring token naming remote releases that are not live, so that a
 * reviewer sees the composed site with them. `npm run preview` signs one; the render server
 * checks it on every page it serves with it. The token carries the manifest URLs it shows, so
 * the server needs no release directory, and the signature means nobody can change them; the
 * releases' names ride along for the badge.
 *
 *   <payload: base64url JSON>.<signature: base64url HMAC-SHA256 of the payload>
 */
const { createHmac, timingSafeEqual } = require('node:crypto');
const { remoteIds } = require('../apps.cjs');

/** Secrets shorter than this are refused: a guessable key makes every link forgeable. */
const minSecretLength = 16;

/** The longest a link may live: a review, not a standing back door. */
const maxPreviewSeconds = 7 * 24 * 3600;

/**
 * The key the local stack (npm start, the tests) signs and checks previews with. Only for
 * this machine: a deployed render server takes PREVIEW_SECRET from its secret store.
 */
const localPreviewSecret = 'first-day-local-preview-key';

/** Tokens longer than this are not read at all. */
const maxTokenLength = 2048;

/**
 * @typedef {object} Preview
 * @property {Partial<Record<import('../apps.cjs').RemoteId, string>>} remotes manifest URLs that replace the live ones
 * @property {Partial<Record<import('../apps.cjs').RemoteId, string>>} releases their versions, for people
 * @property {number} expires Unix time in seconds
 */

/** @typedef {{ ok: true; preview: Preview } | { ok: false; reason: 'malformed' | 'altered' | 'expired' }} PreviewReading */

/** @param {string} secret @param {string} payload */
const signatureOf = (secret, payload) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** @param {string | undefined} secret */
function checkSecret(secret) {
  if (!secret || secret.length < minSecretLength)
    throw new Error(`The preview secret must be at least ${minSecretLength} characters`);
  return secret;
}

/**
 * Signs a preview of `remotes` for `seconds`.
 * @param {string} secret
 * @param {Omit<Preview, 'expires'>} preview
 * @param {number} seconds
 * @param {number} [now] ms
 */
function signPreview(secret, preview, seconds, now = Date.now()) {
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > maxPreviewSeconds)
    throw new Error(`A preview lasts from 60 s to ${maxPreviewSeconds} s`);
  const expires = Math.floor(now / 1000) + seconds;
  const payload = Buffer.from(JSON.stringify({ ...preview, expires })).toString('base64url');
  return `${payload}.${signatureOf(checkSecret(secret), payload)}`;
}

/** @param {unknown} value @returns {Preview['remotes'] | null} */
function remotesIn(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  /** @type {Preview['remotes']} */
  const remotes = {};
  for (const [alias, url] of Object.entries(value)) {
    if (!(/** @type {readonly string[]} */ (remoteIds).includes(alias))) return null;
    if (typeof url !== 'string' || url.length > 500) return null;
    remotes[/** @type {import('../apps.cjs').RemoteId} */ (alias)] = url;
  }
  return remotes;
}

/**
 * Checks a token: its signature first (nothing in an unsigned payload is read), then its shape
 * and its time.
 * @param {string | undefined} secret
 * @param {string} token
 * @param {number} [now] ms
 * @returns {PreviewReading}
 */
function readPreview(secret, token, now = Date.now()) {
  if (typeof token !== 'string' || token.length > maxTokenLength) return { ok: false, reason: 'malformed' };
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !/^[\w-]+$/.test(payload + signature))
    return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signatureOf(checkSecret(secret), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'altered' };
  /** @type {Record<string, unknown>} */
  let json;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const remotes = remotesIn(json.remotes);
  const releases = remotesIn(json.releases ?? {});
  const expires = json.expires;
  if (!remotes || !releases || Object.keys(remotes).length === 0 || typeof expires !== 'number')
    return { ok: false, reason: 'malformed' };
  if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, preview: { remotes, releases, expires } };
}

module.exports = {
  signPreview,
  readPreview,
  minSecretLength,
  maxPreviewSeconds,
  localPreviewSecret,
};
