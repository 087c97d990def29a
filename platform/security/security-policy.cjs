// @ts-check
/**
 * The security headers every server of the site sends, in one place: the render server (pages),
 * the static server of `npm start` and the tests (files), and the Firebase Hosting config
 * (checked against this module by a test).
 *
 * The Content-Security-Policy allows only what the site uses: its own origin, the remotes'
 * origins (from remotes.json), the Firebase endpoints remote-contact's firebase-config.json
 * names, `data:` for images only (the favicon is an inline SVG), and the page's own inline
 * scripts by their SHA-256 hash. Styles may be inline: every page inlines its CSS and React
 * writes style attributes, neither of which can run code.
 */
const crypto = require('node:crypto');

/**
 * Powerful features the site never uses, denied to it and to anything it could embed.
 * @type {readonly string[]}
 */
const deniedFeatures = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
];

/**
 * Sent with every response: files are what their type says, and links leak no paths.
 * @type {Readonly<Record<string, string>>}
 */
const commonHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Sent with every HTML document, beside its Content-Security-Policy.
 * @type {Readonly<Record<string, string>>}
 */
const documentHeaders = {
  ...commonHeaders,
  'Permissions-Policy': deniedFeatures.map((feature) => `${feature}=()`).join(', '),
};

/** Two years, subdomains included: only ever sent over https. */
const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

/**
 * Whether a request reached the site over https: directly, or through a proxy or CDN that
 * says so (Cloud Run and Firebase Hosting terminate TLS and set X-Forwarded-Proto).
 * @param {import('node:http').IncomingMessage} req
 */
function overHttps(req) {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  return (
    forwarded === 'https' || Boolean(/** @type {{ encrypted?: boolean }} */ (req.socket).encrypted)
  );
}

/**
 * The SHA-256 sources of every inline script of `html` that runs as JavaScript (data blocks such
 * as application/json and application/ld+json never run and need none).
 * @param {string} html
 * @returns {string[]}
 */
function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !/^(module|(text|application)\/(java|ecma)script)$/.test(type)) continue;
    const digest = crypto
      .createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/**
 * @typedef {object} FirebaseSettingsLike what firebase-config.json says (any field may be absent)
 * @property {{ host: string; port: number }} [emulator] the Firestore emulator
 * @property {{ host: string; port: number }} [authEmulator] the Auth emulator
 * @property {{ provider: string }} [appCheck]
 */

/**
 * The endpoints the Firebase SDKs reach for these settings.
 * @param {FirebaseSettingsLike | undefined} firebase
 * @param {string | undefined} authEmulatorHost FIREBASE_AUTH_EMULATOR_HOST (host:port), if set
 */
function firebaseSources(firebase, authEmulatorHost) {
  /** @type {{ connect: string[]; script: string[]; frame: string[] }} */
  const sources = { connect: [], script: [], frame: [] };
  if (!firebase) return sources;
  const http = (/** @type {{ host: string; port: number }} */ at) => `http://${at.host}:${at.port}`;
  if (firebase.emulator) sources.connect.push(http(firebase.emulator));
  else sources.connect.push('https://firestore.googleapis.com');
  if (firebase.authEmulator) sources.connect.push(http(firebase.authEmulator));
  else if (authEmulatorHost) sources.connect.push(`http://${authEmulatorHost}`);
  else if (!firebase.emulator)
    sources.connect.push(
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    );
  if (firebase.appCheck) sources.connect.push('https://content-firebaseappcheck.googleapis.com');
  if (firebase.appCheck?.provider === 'recaptcha-enterprise') {
    sources.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    sources.frame.push(
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    );
  }
  return sources;
}

/** The origins of remotes.json's URLs. @param {Record<string, unknown>} remotes */
function remoteOrigins(remotes) {
  /** @type {Set<string>} */
  const origins = new Set();
  for (const url of Object.values(remotes)) {
    try {
      if (typeof url === 'string') origins.add(new URL(url).origin);
    } catch {
      // A malformed entry is the remotes' loader's to report; it allows nothing here.
    }
  }
  return [...origins].sort();
}

/**
 * @param {object} options
 * @param {Record<string, unknown>} options.remotes remotes.json
 * @param {FirebaseSettingsLike} [options.firebase] remote-contact's firebase-config.json
 * @param {string[]} [options.scriptHashes] the page's inline scripts (inlineScriptHashes)
 * @param {boolean} [options.https] the page is served over https
 * @param {string} [options.authEmulatorHost]
 * @param {boolean} [options.development] dev servers: eval source maps and live reload's socket
 * @returns {string}
 */
function contentSecurityPolicy({
  remotes,
  firebase,
  scriptHashes = [],
  https = false,
  authEmulatorHost,
  development = false,
}) {
  const origins = remoteOrigins(remotes);
  const fire = firebaseSources(firebase, authEmulatorHost);
  const directives = [
    ["default-src 'self'"],
    [
      "script-src 'self'",
      ...origins,
      ...scriptHashes,
      ...fire.script,
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    ["style-src 'self'", ...origins, "'unsafe-inline'"],
    ["img-src 'self'", ...origins, 'data:'],
    ["font-src 'self'", ...origins],
    ["media-src 'self'", ...origins],
    [
      "connect-src 'self'",
      ...origins,
      ...fire.connect,
      ...(development ? ['ws://localhost:*'] : []),
    ],
    fire.frame.length ? ['frame-src', ...fire.frame] : ["frame-src 'none'"],
    ["worker-src 'self'"],
    ["object-src 'none'"],
    ["base-uri 'self'"],
    ["form-action 'self'"],
    ["frame-ancestors 'none'"],
    ...(https ? [['upgrade-insecure-requests']] : []),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

module.exports = {
  commonHeaders,
  documentHeaders,
  strictTransportSecurity,
  deniedFeatures,
  overHttps,
  inlineScriptHashes,
  firebaseSources,
  remoteOrigins,
  contentSecurityPolicy,
};
