// @ts-check
const path = require('node:path');
const { firestore } = require('../../platform/apps.cjs');
const { canaryPolicyOf } = require('../../platform/releases/canary-judge.cjs');
const { parseArgsOrUsage, stringOf } = require('../cli/args.cjs');
const { CliError, targetOf } = require('../cli/cli.cjs');
const { durationOf } = require('../cli/duration.cjs');
const env = require('../cli/env.cjs');

/** Command-line options of `npm run canary`. */

const usage = `Usage: npm run canary -- --to <dir> [options]

Judges the canary running in the release directory <dir> from its field data: the visitors
served the canary against those served the live set, over the same minutes.
  rollback  a check is worse on enough samples: the decision is stored (every render instance
            stops serving the canary at once), the canary ends in <dir>/remotes.json and the
            record; exit code 3
  healthy   the window has passed, enough samples, nothing worse: reported and recorded; the
            canary keeps running until \`npm run promote -- --finish --to <dir>\`
  wait      too early or too few samples: says what for
A rollback already decided elsewhere (the scheduled function) is applied to <dir>.

  --to DIR              the release directory
  --watch               judge again every --every until there is a decision
  --every DURATION      how often with --watch (default 30s)
  --window DURATION     how long before a canary can be healthy (default 10m)
  --min-views N         views each lane needs (default 100)
  --min-samples N       LCP and INP samples each lane needs (default 50)
  --emulator HOST:PORT  the Firestore emulator (default: $FIRESTORE_EMULATOR_HOST, else
                        ${firestore.host}:${firestore.port})
  --project ID          the real Firebase project ID (credentials from
                        GOOGLE_APPLICATION_CREDENTIALS or gcloud's application default)
  --help                show this help
`;

/** @param {string | undefined} value @param {string} flag */
function countOf(value, flag) {
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value))
    throw new CliError(`${flag} takes a whole number (got "${value}")`, 2);
  return Number(value);
}

/**
 * @param {string[]} argv @param {NodeJS.ProcessEnv} [source]
 */
function parseOptions(argv, source = process.env) {
  const { values } = parseArgsOrUsage(
    {
      args: argv,
      options: {
        to: { type: 'string' },
        watch: { type: 'boolean' },
        every: { type: 'string' },
        window: { type: 'string' },
        'min-views': { type: 'string' },
        'min-samples': { type: 'string' },
        emulator: { type: 'string' },
        project: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    },
    usage,
  );
  const str = (/** @type {string} */ key) => stringOf(values, key);
  const to = str('to');
  const help = values.help === true;
  if (!to && !help) throw new CliError(`Say which release directory: --to <dir>\n\n${usage}`, 2);
  const every = str('every');
  if (every !== undefined && values.watch !== true)
    throw new CliError('--every goes with --watch.', 2);
  const window = str('window');
  return {
    // npm runs scripts in the repository's folder: a relative path means the caller's.
    dir: path.resolve(env.text('INIT_CWD', source) ?? process.cwd(), to ?? '.'),
    watch: values.watch === true,
    everyMs: durationOf(every ?? '30s', '--every'),
    policy: canaryPolicyOf({
      windowMs: window === undefined ? undefined : durationOf(window, '--window'),
      minViews: countOf(str('min-views'), '--min-views'),
      minSamples: countOf(str('min-samples'), '--min-samples'),
    }),
    target: targetOf(
      { emulator: str('emulator'), project: str('project') },
      env.text('FIRESTORE_EMULATOR_HOST', source),
      firestore,
    ),
    help,
  };
}

module.exports = { parseOptions, usage };
