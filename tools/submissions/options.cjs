// @ts-check
const { firestore } = require('../../platform/apps.cjs');
const { parseCommandLine, targetOptions } = require('../cli/args.cjs');
const { CliError, targetOf } = require('../cli/cli.cjs');
const env = require('../cli/env.cjs');

/** Command-line options of `npm run submissions`. */

const usage = `Usage: npm run submissions -- [options]

Lists contact requests (the users collection), newest first; deletes them on request.

  --format table|csv|json  output format (default: table)
  --since DATE             only requests received at or after DATE (e.g. 2026-01-31,
                           2026-01-31T09:00:00Z); a bare date means midnight UTC
  --out FILE               write to FILE instead of the terminal
  --delete ID              delete the request users/ID (a person's request to be forgotten)
  --purge-before DATE      delete every request received before DATE (retention: 24 months);
                           says how many and asks first
  --yes                    confirm --purge-before without asking (for scripts)
  --emulator HOST:PORT     read a Firestore emulator (default: $FIRESTORE_EMULATOR_HOST,
                           else ${firestore.host}:${firestore.port}, the one \`npm start\` runs)
  --project ID             read the real Firebase project ID with Application Default
                           Credentials (gcloud auth application-default login); with
                           --emulator, the project id to read on the emulator
  --help                   show this help
`;

/** @typedef {'table' | 'csv' | 'json'} Format */
/**
 * @typedef {{ kind: 'list' }
 *   | { kind: 'delete'; id: string }
 *   | { kind: 'purge'; before: Date; yes: boolean }} Action
 */
/** @typedef {import('../cli/cli.cjs').Target} Target */
/**
 * @typedef {object} Options
 * @property {Format} format
 * @property {Date | undefined} since
 * @property {string | undefined} out
 * @property {Target} target
 * @property {Action} action
 * @property {boolean} help
 */

/** @param {string} value @param {string} [flag] */
function parseSince(value, flag = '--since') {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) {
    throw new CliError(
      `${flag} expects a date like 2026-01-31 or 2026-01-31T09:00:00Z (got "${value}")`,
      2,
    );
  }
  return date;
}

/**
 * `npm run submissions` prints npm's banner ("> firstday-studio submissions …") on stdout
 * before running the command, unless it runs with --silent. On a terminal that is harmless; in
 * a file or a pipe it would corrupt CSV and JSON, and nothing the command does can take it
 * back. (Run from another npm script, e.g. by `npm test`, the banner is that script's and goes
 * elsewhere.)
 * @param {NodeJS.ProcessEnv} source
 * @param {boolean} stdoutIsTerminal
 */
function npmBannerInOutput(source, stdoutIsTerminal) {
  return (
    !stdoutIsTerminal &&
    env.text('npm_lifecycle_event', source) === 'submissions' &&
    env.text('npm_config_loglevel', source) !== 'silent'
  );
}

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} [source] the environment (tests pass their own)
 * @returns {Options}
 */
function parseOptions(argv, source = process.env) {
  const parsed = parseCommandLine(
    argv,
    {
      format: { type: 'string' },
      since: { type: 'string' },
      out: { type: 'string' },
      ...targetOptions,
      delete: { type: 'string' },
      'purge-before': { type: 'string' },
      yes: { type: 'boolean' },
    },
    usage,
  );

  const format = parsed.string('format') ?? 'table';
  if (format !== 'table' && format !== 'csv' && format !== 'json') {
    throw new CliError(`--format must be table, csv or json (got "${format}")`, 2);
  }
  const since = parsed.string('since');
  const target = targetOf(
    parsed.targetFlags,
    env.text('FIRESTORE_EMULATOR_HOST', source),
    firestore,
  );

  const remove = parsed.string('delete');
  const purgeBefore = parsed.string('purge-before');
  /** @type {Action} */
  let action = { kind: 'list' };
  if (remove !== undefined || purgeBefore !== undefined) {
    const listing = ['format', 'since', 'out'].filter((key) => parsed.values[key] !== undefined);
    if (remove !== undefined && purgeBefore !== undefined) {
      throw new CliError('Use --delete or --purge-before, not both.', 2);
    }
    if (listing.length > 0) {
      throw new CliError(
        `--${listing[0]} lists requests; it does not go with ${remove !== undefined ? '--delete' : '--purge-before'}.`,
        2,
      );
    }
    if (remove !== undefined) {
      if (!/^[^/\s]+$/.test(remove) || remove === '.' || remove === '..') {
        throw new CliError(`--delete expects a request id like Xy3kq9… (got "${remove}")`, 2);
      }
      action = { kind: 'delete', id: remove };
    } else {
      action = {
        kind: 'purge',
        before: parseSince(/** @type {string} */ (purgeBefore), '--purge-before'),
        yes: parsed.flag('yes'),
      };
    }
  } else if (parsed.flag('yes')) {
    throw new CliError('--yes confirms --purge-before; there is nothing to confirm here.', 2);
  }

  return {
    format,
    since: since === undefined ? undefined : parseSince(since),
    out: parsed.string('out'),
    target,
    action,
    help: parsed.help,
  };
}

module.exports = { parseOptions, usage, npmBannerInOutput };
