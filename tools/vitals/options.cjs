// @ts-check
const path = require('node:path');
const { firestore } = require('../../platform/apps.cjs');
const { policyJsonOf, policyOf } = require('../canary/options.cjs');
const { parseCommandLine, targetOptions } = require('../cli/args.cjs');
const { CliError, targetOf } = require('../cli/cli.cjs');
const { durationOf } = require('../cli/duration.cjs');
const env = require('../cli/env.cjs');

/** Command-line options of `npm run vitals`. */

const usage = `Usage: npm run vitals -- [options]

Field data of the site's visitors, per route and version set: views, p75 LCP, INP and CLS,
error and failed-load rates, taps captured before hydration and replayed, and the beacons
refused, by reason.

  --since DURATION      the last DURATION, like 60m (the default), 2h or 1d
  --from ISO            from this time on (e.g. 2026-11-24T09:00Z) …
  --until ISO           … up to this time (default: now)
  --to DIR              the release directory: a live alarm is recorded in its history
                        (once per set) and its rollback command names it
  --policy JSON         the canary judge's policy settings the live alarm compares by
                        (as \`npm run canary\` takes them)
  --json                one JSON object, for machines (run \`npm run -s vitals -- --json\`:
                        without -s, npm prints its banner into the output)
  --emulator HOST:PORT  read a Firestore emulator (default: $FIRESTORE_EMULATOR_HOST, else
                        ${firestore.host}:${firestore.port}, the one \`npm start\` runs)
  --project ID          read the real Firebase project ID (credentials from
                        GOOGLE_APPLICATION_CREDENTIALS or gcloud's application default)
  --help                show this help
`;

/**
 * @typedef {object} VitalsOptions
 * @property {Date} from
 * @property {Date} until
 * @property {boolean} json
 * @property {import('../cli/cli.cjs').Target} target
 * @property {boolean} help
 * @property {string | undefined} dir the release directory, with --to
 * @property {import('../../platform/releases/canary-judge.cjs').CanaryPolicy} policy
 */

/** @param {string} value @param {string} flag */
function timeOf(value, flag) {
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time))
    throw new CliError(`${flag} takes an ISO time like 2026-11-24T09:00Z (got "${value}")`, 2);
  return new Date(time);
}

/**
 * @param {string[]} argv @param {NodeJS.ProcessEnv} [source] @param {number} [now]
 * @returns {VitalsOptions}
 */
function parseOptions(argv, source = process.env, now = Date.now()) {
  const parsed = parseCommandLine(
    argv,
    {
      since: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      json: { type: 'boolean' },
      to: { type: 'string' },
      policy: { type: 'string' },
      ...targetOptions,
    },
    usage,
  );
  const since = parsed.string('since');
  const fromText = parsed.string('from');
  const untilText = parsed.string('until');
  const to = parsed.string('to');
  if (since !== undefined && fromText !== undefined)
    throw new CliError('--since or --from, not both.', 2);
  const until = untilText === undefined ? new Date(now) : timeOf(untilText, '--until');
  const from =
    fromText !== undefined
      ? timeOf(fromText, '--from')
      : new Date(until.getTime() - durationOf(since ?? '60m', '--since'));
  if (from.getTime() >= until.getTime())
    throw new CliError('The window is empty: --from must come before --until.', 2);
  return {
    from,
    until,
    json: parsed.flag('json'),
    target: targetOf(parsed.targetFlags, env.text('FIRESTORE_EMULATOR_HOST', source), firestore),
    help: parsed.help,
    // npm runs scripts in the repository's folder: a relative path means the caller's.
    dir:
      to === undefined
        ? undefined
        : path.resolve(env.text('INIT_CWD', source) ?? process.cwd(), to),
    policy: policyOf(policyJsonOf(parsed.string('policy'))),
  };
}

module.exports = { parseOptions, usage };
