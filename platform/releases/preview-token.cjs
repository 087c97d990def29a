// @ts-check
/**
 * Preview links: a signed, expiring token naming published remote releases (`app@version`)
 * that are not live, so that a reviewer sees the composed site with them. `npm run preview`
 * signs one; the render server checks it on every page it serves with it and resolves the
 * versions against the folders its live releases are served from. A token never carries a URL:
 * whoever holds the key can only point at code that was published beside the live releases.
 *
 *   <payload: base64url JSON>.<signature: base64url HMAC-SHA256 of the payload>
 *   payload: { releases: { app: version }, iat, exp (Unix s), aud (site origin), kid }
 */
const { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } = require('node:crypto');
const { remoteIds } = require('../apps.cjs');

/** Keys shorter than this (in bytes) are refused outside this machine: 256 bits of HMAC key. */
const minSecretBytes = 32;

/** The longest a link may live: a review, not a standing back door. */
const maxPreviewSeconds = 7 * 24 * 3600;

/** How far the signer's clock may run ahead of the server's. */
const clockSkewSeconds = 60;

/**
 * The key the local stack (npm start, the tests) signs and checks previews with. It is public:
 * only a server that listens on this machine alone accepts it (see keyProblem).
 */
const localPreviewSecret = 'first-day-local-preview-key-not-a-secret';

/** Tokens longer than this are not read at all. */
const maxTokenLength = 2048;

/** Versions are folder and URL segments: letters, digits and . + - _ only (as published). */
const versionPattern = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

/** @typedef {import('../apps.cjs').RemoteId} RemoteId */

/**
 * @typedef {object} Preview
 * @property {Partial<Record<RemoteId, string>>} releases the published versions that replace the live ones
 * @property {number} issuedAt Unix time in seconds
 * @property {number} expires Unix time in seconds
 * @property {string} audience the site origin the link was made for
 */

/** @typedef {'malformed' | 'altered' | 'expired' | 'elsewhere'} PreviewRefusal */
/** @typedef {{ ok: true; preview: Preview } | { ok: false; reason: PreviewRefusal }} PreviewReading */

/** @param {string} hostname */
const isLoopbackHost = (hostname) =>
  ['localhost', '127.0.0.1', '::1', '[::1]'].includes(hostname) ||
  hostname.endsWith('.localhost') ||
  /^127(\.\d{1,3}){3}$/.test(hostname);

/** Whether an origin (or URL) is this machine's own: only such a site may use the local key. */
function isLocalOrigin(/** @type {string} */ origin) {
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** The strength a key must show: as much as a random 128-bit key. */
const minKeyBits = 128;

/** How to make a key worth the name, as every refusal says. */
const newKeyCommand = 'npm run preview -- --new-key';

/** A new random key: 32 bytes, base64url. */
const newKey = () => randomBytes(minSecretBytes).toString('base64url');

/**
 * The bits a sequence of symbols shows at most by their shares: a sequence of one repeated
 * symbol, or of a few, shows few.
 * @param {readonly (string | number)[]} symbols
 */
function shareBitsOf(symbols) {
  /** @type {Map<string | number, number>} */
  const counts = new Map();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let perSymbol = 0;
  for (const count of counts.values()) {
    const share = count / symbols.length;
    perSymbol -= share * Math.log2(share);
  }
  return perSymbol * symbols.length;
}

/**
 * How many bits a key shows at most, judged from its own characters: their shares (one
 * repeated character, or a short alphabet, shows few bits), the steps between neighbours (a run
 * such as "abcdef…" shows few), and nothing beyond its first period when it repeats a pattern
 * ("abcabc…"). A random key of 32 bytes, in hex or base64, shows well over minKeyBits.
 * @param {string} secret
 */
function keyBitsOf(secret) {
  let chars = [...secret];
  for (let p = 1; p <= chars.length / 2; p++)
    if (secret.slice(p) === secret.slice(0, secret.length - p)) {
      chars = chars.slice(0, p);
      break;
    }
  const codes = chars.map((char) => char.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, index) => code - (codes[index] ?? 0));
  return Math.floor(Math.min(shareBitsOf(chars), shareBitsOf(steps)));
}

/**
 * What is wrong with `secret` as a preview key, or null. Only for a local audience (a server
 * that listens on this machine alone, for this machine's own origins) is the public development
 * key fine; anywhere else a key must be set, not that one, 32 bytes or more, and look random.
 * @param {string | undefined} secret @param {boolean} local
 */
function keyProblem(secret, local) {
  if (local && secret === localPreviewSecret) return null;
  if (!secret) return `PREVIEW_SECRET is not set (make one with \`${newKeyCommand}\`)`;
  if (secret === localPreviewSecret)
    return "PREVIEW_SECRET is the local stack's public development key, for this machine's own origins only";
  if (Buffer.byteLength(secret) < minSecretBytes)
    return `PREVIEW_SECRET must be at least ${minSecretBytes} bytes (it is ${Buffer.byteLength(secret)}; make one with \`${newKeyCommand}\`)`;
  const bits = keyBitsOf(secret);
  if (bits < minKeyBits)
    return `PREVIEW_SECRET is guessable: a repeated character, a short alphabet or a repeating pattern shows about ${bits} bits, not ${minKeyBits} (make one with \`${newKeyCommand}\`)`;
  return null;
}

/**
 * The key of one purpose, derived from the deployment's one secret (HKDF-SHA256): preview
 * links, cohort cookies and page views' tokens each have their own, so the render server keeps
 * only the derived keys, and a key that leaks from one purpose signs nothing for another.
 * @param {string} secret @param {string} purpose
 */
const purposeKeyOf = (secret, purpose) =>
  Buffer.from(hkdfSync('sha256', secret, 'first-day studio keys', `first-day ${purpose}`, 32));

/** The key preview links are signed with. @param {string} secret */
const previewKeyOf = (secret) => purposeKeyOf(secret, 'preview links');

/** Names a key without telling anything of it, so a token says which key signed it. @param {Buffer} key */
const keyIdOf = (key) =>
  createHash('sha256').update('first-day preview key id\0').update(key).digest('base64url').slice(0, 8);

/** @param {Buffer} key @param {string} payload */
const signatureOf = (key, payload) => createHmac('sha256', key).update(payload).digest('base64url');

/** @param {unknown} value @returns {Preview['releases'] | null} */
function releasesIn(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  /** @type {Preview['releases']} */
  const releases = {};
  for (const [app, version] of Object.entries(value)) {
    if (!(/** @type {readonly string[]} */ (remoteIds).includes(app))) return null;
    if (typeof version !== 'string' || !versionPattern.test(version)) return null;
    releases[/** @type {RemoteId} */ (app)] = version;
  }
  return Object.keys(releases).length > 0 ? releases : null;
}

/** @param {unknown} value @returns {value is number} */
const isTime = (value) => Number.isSafeInteger(value) && /** @type {number} */ (value) > 0;

/**
 * Signs a preview of `releases` for `seconds`, for the site at `audience`.
 * @param {string} secret
 * @param {{ releases: Preview['releases']; audience: string }} preview
 * @param {number} seconds
 * @param {number} [now] ms
 */
function signPreview(secret, { releases, audience }, seconds, now = Date.now()) {
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > maxPreviewSeconds)
    throw new Error(`A preview lasts from 60 s to ${maxPreviewSeconds} s`);
  if (!secret || Buffer.byteLength(secret) < minSecretBytes)
    throw new Error(`The preview key must be at least ${minSecretBytes} bytes`);
  if (!releasesIn(releases)) throw new Error('A preview names published releases: app@version');
  const iat = Math.floor(now / 1000);
  const aud = new URL(audience).origin;
  const key = previewKeyOf(secret);
  const body = { releases, iat, exp: iat + seconds, aud, kid: keyIdOf(key) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${signatureOf(key, payload)}`;
}

/**
 * Checks a token: its key and signature first (nothing in an unsigned payload is believed),
 * then its shape, its times (issued, lifetime at most 7 days, not expired, within the clock
 * skew) and its audience.
 * @param {Buffer} key the preview key (previewKeyOf the secret)
 * @param {string} token
 * @param {(origin: string) => boolean} forThisSite whether a link made for `origin` is served here
 * @param {number} [now] ms
 * @returns {PreviewReading}
 */
function readPreview(key, token, forThisSite, now = Date.now()) {
  if (typeof token !== 'string' || token.length > maxTokenLength)
    return { ok: false, reason: 'malformed' };
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !/^[\w-]+$/.test(payload + signature))
    return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signatureOf(key, payload));
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
  if (typeof json !== 'object' || json === null) return { ok: false, reason: 'malformed' };
  const releases = releasesIn(json.releases);
  const { iat, exp, aud, kid } = json;
  if (!releases || !isTime(iat) || !isTime(exp) || typeof aud !== 'string' || kid !== keyIdOf(key))
    return { ok: false, reason: 'malformed' };
  const nowSeconds = now / 1000;
  // A lifetime over the maximum, or a link issued in the future, was not made by our tools.
  if (exp <= iat || exp - iat > maxPreviewSeconds || iat > nowSeconds + clockSkewSeconds)
    return { ok: false, reason: 'malformed' };
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (!forThisSite(aud)) return { ok: false, reason: 'elsewhere' };
  return { ok: true, preview: { releases, issuedAt: iat, expires: exp, audience: aud } };
}

module.exports = {
  purposeKeyOf,
  previewKeyOf,
  keyIdOf,
  signPreview,
  readPreview,
  keyProblem,
  newKey,
  isLocalOrigin,
  isLoopbackHost,
  maxPreviewSeconds,
  localPreviewSecret,
  versionPattern,
};
