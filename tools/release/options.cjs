// @ts-check
/** Command-line options shared by the release commands. */
const path = require('node:path');
const { ReleaseError } = require('./release-dir.cjs');
const env = require('../cli/env.cjs');

/**
 * Splits `args` into flags with values, bare flags and the rest.
 * @param {string[]} args
 * @param {string[]} valued flags that take a value (--to DIR)
 */
function parseArgs(args, valued) {
  /** @type {Record<string, string>} */
  const values = {};
  /** @type {Set<string>} */
  const flags = new Set();
  /** @type {string[]} */
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const arg = /** @type {string} */ (args[i]);
    const [name, inline] = arg.split(/=(.*)/s, 2);
    if (name && valued.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new ReleaseError(`${name} needs a value`);
      values[name] = value;
    } else if (arg.startsWith('--')) flags.add(arg);
    else rest.push(arg);
  }
  return { values, flags, rest };
}

/** The release directory named by --to (or --from). @param {Record<string, string>} values @param {string} [flag] */
function releaseDirOf(values, flag = '--to') {
  const dir = values[flag];
  if (!dir) throw new ReleaseError(`Say which release directory: ${flag} <dir>`);
  // npm runs a workspace's script in the workspace's folder: a relative path means the caller's.
  return path.resolve(env.text('INIT_CWD') ?? process.cwd(), dir);
}

module.exports = { parseArgs, releaseDirOf };
