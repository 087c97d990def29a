// @ts-check
const { apps, auth, firestore } = require('../../platform/apps.cjs');
const { remoteDeadlineMs } = require('../../platform/deadlines.cjs');

/**
 * Every environment variable the tools read, in one place: its kind, its default and what it
 * is for. The tools read the environment through `port`, `number` and `text` below, so a bad
 * value (a port that is not a number) stops the command with a message naming the variable,
 * instead of a NaN travelling on.
 * @typedef {{ kind: 'port' | 'number' | 'text'; fallback?: number | string; about: string }} Variable
 */

/** @satisfies {Record<string, Variable>} */
const variables = {
  CHROME_PATH: { kind: 'text', fallback: '/usr/bin/chromium', about: 'the Chromium to drive' },
  INIT_CWD: { kind: 'text', about: "set by npm: the caller's folder, for relative paths" },
  FIRSTDAY_DATA_DIR: { kind: 'text', about: "the local stack's data (emulators' saved copies)" },
  FIRSTDAY_PORT_BASE: {
    kind: 'port',
    fallback: apps.shell.port,
    about: '`npm start`: first of the site ports',
  },
  FIRSTDAY_EMULATOR_PORT: {
    kind: 'port',
    fallback: firestore.port,
    about: '`npm start`: the Firestore emulator',
  },
  FIRSTDAY_AUTH_PORT: { kind: 'port', fallback: auth.port, about: '`npm start`: Auth emulator' },
  FIRSTDAY_RELEASER: { kind: 'text', about: 'who a release is recorded as made by' },
  FIRSTDAY_RELEASE_COPY_PAUSE_MS: {
    kind: 'number',
    fallback: 0,
    about: 'a pause while a release is copied (tests use it to catch the copy in the middle)',
  },
  FIRESTORE_EMULATOR_JAR: { kind: 'text', about: 'the Firestore emulator jar, if not found' },
  FIRESTORE_EMULATOR_HOST: { kind: 'text', about: 'HOST:PORT of a Firestore emulator' },
  FIREBASE_AUTH_EMULATOR_HOST: { kind: 'text', about: 'HOST:PORT of an Auth emulator' },
  GOOGLE_APPLICATION_CREDENTIALS: { kind: 'text', about: 'a service account key file' },
  PREVIEW_SECRET: {
    kind: 'text',
    about: 'the key preview links are signed with (the local stack has its own by default)',
  },
  SITE_ORIGIN: { kind: 'text', about: 'the origin preview links point at' },
  LOG_FORMAT: { kind: 'text', about: "the render server's log format (pretty on a terminal)" },
  REMOTE_DEADLINE_MS: {
    kind: 'number',
    fallback: remoteDeadlineMs,
    about: "the render server's remote deadline (promote's check gives what it gives)",
  },
  STATIC_SERVER_OPTIONS: { kind: 'text', fallback: '{}', about: 'a static server child: JSON' },
  TEST_PORT_BASE: { kind: 'port', fallback: 4000, about: 'tests: first of the site ports' },
  TEST_EMULATOR_PORT: { kind: 'port', fallback: 8180, about: 'tests: the Firestore emulator' },
  TEST_AUTH_PORT: { kind: 'port', fallback: 9199, about: 'tests: the Auth emulator' },
  BENCH_PORT_BASE: { kind: 'port', fallback: 4300, about: '`npm run bench`: site ports' },
  HOSTILE_PORT_BASE: { kind: 'port', fallback: 4500, about: '`npm run hostile`: site ports' },
  npm_lifecycle_event: { kind: 'text', about: 'set by npm: the script running' },
  npm_config_loglevel: { kind: 'text', about: "set by npm: its log level ('silent' with -s)" },
};

/** @typedef {keyof typeof variables} Name */

/** @param {Name} name @param {Variable['kind']} kind */
function declared(name, kind) {
  /** @type {Variable} */
  const variable = variables[name];
  // A slip in the tools, not the user's: the schema and the reader disagree.
  if (variable.kind !== kind) throw new Error(`${name} is declared as ${variable.kind}`);
  return variable;
}

/** @param {Name} name @param {NodeJS.ProcessEnv} source */
function raw(name, source) {
  const value = source[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * A port: an integer from 1 to 65535.
 * @param {Name} name
 * @param {NodeJS.ProcessEnv} [source] another environment (tests pass their own)
 */
function port(name, source = process.env) {
  const { fallback } = declared(name, 'port');
  const value = raw(name, source) ?? String(fallback);
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) {
    throw new Error(`${name} must be a port number (got "${value}")`);
  }
  return parsed;
}

/** A number. @param {Name} name @param {NodeJS.ProcessEnv} [source] */
function number(name, source = process.env) {
  const { fallback } = declared(name, 'number');
  const value = raw(name, source) ?? String(fallback);
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number (got "${value}")`);
  return parsed;
}

/**
 * Text, or its default, or undefined when neither is set.
 * @param {Name} name
 * @param {NodeJS.ProcessEnv} [source]
 * @returns {string | undefined}
 */
function text(name, source = process.env) {
  const { fallback } = declared(name, 'text');
  return raw(name, source) ?? (fallback === undefined ? undefined : String(fallback));
}

/** Whether the variable is set at all (some settings change only when it is). @param {Name} name @param {NodeJS.ProcessEnv} [source] */
function isSet(name, source = process.env) {
  return raw(name, source) !== undefined;
}

module.exports = { variables, port, number, text, isSet };
