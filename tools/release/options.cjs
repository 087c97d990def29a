// @ts-check
/** Command-line options shared by the release commands. */
const path = require('node:path');
const { ReleaseError } = require('./release-dir.cjs');
const { parseKnownArgs, stringOf } = require('../cli/args.cjs');
const env = require('../cli/env.cjs');

/** A mistake in the arguments: the commands exit with 2 for it, 1 for a refusal. */
class ReleaseUsageError extends ReleaseError {
  /** @override */
  name = 'ReleaseUsageError';
}

/** The exit code for an error a command ends with. @param {unknown} error */
const exitCodeOf = (error) => (error instanceof ReleaseUsageError ? 2 : 1);

/**
 * Splits `args` into flags with values, bare flags and the rest.
 * @param {string[]} args
 * @param {string[]} valued flags that take a value (--to DIR)
 */
function parseArgs(args, valued) {
  const parsed = parseKnownArgs(
    args,
    Object.fromEntries(
      valued.map((flag) => [flag.slice(2), { type: /** @type {const} */ ('string') }]),
    ),
  );
  const [missing] = parsed.missing;
  if (missing) throw new ReleaseUsageError(`${missing} needs a value`);
  /** @type {Record<string, string>} */
  const values = {};
  for (const flag of valued) {
    const value = stringOf(parsed.values, flag.slice(2));
    if (value !== undefined) values[flag] = value;
  }
  return { values, flags: new Set(parsed.unknown), rest: parsed.positionals };
}

/** The release directory named by --to (or --from). @param {Record<string, string>} values @param {string} [flag] */
function releaseDirOf(values, flag = '--to') {
  const dir = values[flag];
  if (!dir) throw new ReleaseUsageError(`Say which release directory: ${flag} <dir>`);
  // npm runs a workspace's script in the workspace's folder: a relative path means the caller's.
  return path.resolve(env.text('INIT_CWD') ?? process.cwd(), dir);
}

module.exports = { ReleaseUsageError, exitCodeOf, parseArgs, releaseDirOf };
