// @ts-check
const path = require('node:path');
const { firestore } = require('../../platform/apps.cjs');
const { canaryPolicyOf } = require('../../platform/releases/canary-judge.cjs');
const { parseCommandLine, targetOptions } = require('../cli/args.cjs');
const { CliError, targetOf } = require('../cli/cli.cjs');
const { durationOf } = require('../cli/duration.cjs');
const env = require('../cli/env.cjs');

/** Command-line options of `npm run canary`. */

const usage = `Usage: npm run canary -- --to <dir> [options]

Judges the canary running in the release directory <dir> from its field data: the visitors
served the canary against those served the live set, over the same minutes, per route and for
the whole site.
  rollback      a check is worse, by a test whose level is spent across the looks (1 % false
                rollbacks over 24 h), and by more than its floor: the decision is stored (every
                render instance stops serving the canary at once), the canary ends in
                <dir>/remotes.json and the record; exit code 3
  healthy       the window has passed and the data rule out each floor: reported and recorded;
                the canary keeps running until \`npm run promote -- --finish --to <dir>\`
  inconclusive  the window has passed but the data cannot rule the floors out yet: says how
                many more canary views it needs (and how long, or what share)
  wait          too early: says what for
A rollback already decided elsewhere (the scheduled function) is applied to <dir>.

  --to DIR              the release directory
  --watch               judge again every --every until there is a decision
  --every DURATION      how often with --watch (default 30s); the judge spends its level per
                        look accordingly
  --window DURATION     how long before a canary can be healthy (default 10m)
  --policy JSON         other settings of the judge's policy, as the scheduled function's
                        CANARY_POLICY takes them (see docs/releases.md)
  --emulator HOST:PORT  the Firestore emulator (default: $FIRESTORE_EMULATOR_HOST, else
                        ${firestore.host}:${firestore.port})
  --project ID          the real Firebase project ID (credentials from
                        GOOGLE_APPLICATION_CREDENTIALS or gcloud's application default)
  --help                show this help
`;

/**
 * The --policy flag's settings.
 * @param {string | undefined} text @returns {Record<string, unknown>}
 */
function policyJsonOf(text) {
  if (text === undefined) return {};
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`--policy takes a JSON object (got ${JSON.stringify(text)})`, 2);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliError(`--policy takes a JSON object (got ${JSON.stringify(text)})`, 2);
  return value;
}

/** A policy, or a usage error naming the setting at fault. @param {Record<string, unknown>} overrides */
function policyOf(overrides) {
  try {
    return canaryPolicyOf(overrides);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), 2);
  }
}

/**
 * @param {string[]} argv @param {NodeJS.ProcessEnv} [source]
 */
function parseOptions(argv, source = process.env) {
  const parsed = parseCommandLine(
    argv,
    {
      to: { type: 'string' },
      watch: { type: 'boolean' },
      every: { type: 'string' },
      window: { type: 'string' },
      policy: { type: 'string' },
      ...targetOptions,
    },
    usage,
  );
  const to = parsed.string('to');
  if (!to && !parsed.help)
    throw new CliError(`Say which release directory: --to <dir>\n\n${usage}`, 2);
  const every = parsed.string('every');
  if (every !== undefined && !parsed.flag('watch'))
    throw new CliError('--every goes with --watch.', 2);
  const window = parsed.string('window');
  const everyMs = durationOf(every ?? '30s', '--every');
  return {
    // npm runs scripts in the repository's folder: a relative path means the caller's.
    dir: path.resolve(env.text('INIT_CWD', source) ?? process.cwd(), to ?? '.'),
    watch: parsed.flag('watch'),
    everyMs,
    policy: policyOf({
      ...policyJsonOf(parsed.string('policy')),
      windowMs: window === undefined ? undefined : durationOf(window, '--window'),
      // One look without --watch: the scheduled function's 5-minute share of the level.
      ...(parsed.flag('watch') ? { lookEveryMs: Math.max(1000, everyMs) } : {}),
    }),
    target: targetOf(parsed.targetFlags, env.text('FIRESTORE_EMULATOR_HOST', source), firestore),
    help: parsed.help,
  };
}

module.exports = { parseOptions, usage, policyJsonOf, policyOf };
