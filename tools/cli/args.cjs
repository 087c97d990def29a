// @ts-check
const { parseArgs } = require('node:util');
const { CliError } = require('./cli.cjs');

/**
 * The one argument parser of the tools: `node:util` `parseArgs`, with a mistake in the
 * arguments reported as a usage error (exit code 2) followed by the command's usage.
 */

/** @typedef {Record<string, string | boolean | undefined>} Values */

/**
 * `parseArgs` (of options without `multiple`), strict: an unknown option is a usage error.
 * @param {import('node:util').ParseArgsConfig} config
 * @param {string} usage printed after the mistake
 */
function parseArgsOrUsage(config, usage) {
  try {
    return /** @type {{ values: Values; positionals: string[] }} */ (parseArgs(config));
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : error}\n\n${usage}`, 2);
  }
}

/**
 * The one way a tool reads its options: `parseArgs`, strict, with `--help` added; a mistake is a
 * usage error (exit 2) followed by the usage. What comes back reads a string option, a flag or
 * the positionals without each command writing those steps again.
 * @param {string[]} args
 * @param {NonNullable<import('node:util').ParseArgsConfig['options']>} options
 * @param {string} usage
 * @param {{ positionals?: boolean }} [settings] whether bare arguments are allowed (default no)
 */
function parseCommandLine(args, options, usage, { positionals = false } = {}) {
  const parsed = parseArgsOrUsage(
    {
      args,
      options: { ...options, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: positionals,
    },
    usage,
  );
  const { values } = parsed;
  return {
    values,
    positionals: parsed.positionals,
    help: values.help === true,
    /** @param {string} key */
    string: (key) => stringOf(values, key),
    /** @param {string} key */
    flag: (key) => values[key] === true,
    /** --emulator and --project, for `targetOf` (with `targetOptions` declared). */
    targetFlags: { emulator: stringOf(values, 'emulator'), project: stringOf(values, 'project') },
  };
}

/** The options of the commands that work on Firebase: an emulator, or a real project. */
const targetOptions = /** @type {const} */ ({
  emulator: { type: 'string' },
  project: { type: 'string' },
});

/**
 * For commands that start work at once (servers, builds): --help prints the usage and a mistake
 * prints it with the message (exit 2), before anything has started.
 * @param {string[]} args
 * @param {NonNullable<import('node:util').ParseArgsConfig['options']>} options
 * @param {string} usage
 */
function parseArgsOrExit(args, options, usage) {
  try {
    const parsed = parseCommandLine(args, options, usage);
    if (parsed.help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed.values;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    process.exit(error.exitCode);
  }
}

/**
 * The options a command knows, for commands that take options they do not declare (release
 * flags) or hand them on (to jest): unknown options are kept, not refused. A string option
 * takes the next argument as its value, whatever it looks like.
 * @param {string[]} args
 * @param {NonNullable<import('node:util').ParseArgsConfig['options']>} options
 */
function parseKnownArgs(args, options) {
  const { tokens } = parseArgs({
    args,
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  /** @type {Record<string, string | boolean | undefined>} */
  const values = {};
  /** @type {string[]} the arguments that are not known options, as written */
  const passOn = [];
  /** @type {string[]} */
  const positionals = [];
  /** @type {string[]} unknown options' names (--force) */
  const unknown = [];
  /** @type {string[]} known options that need a value and have none (--to at the end) */
  const missing = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      passOn.push(token.value);
    } else if (token.kind === 'option-terminator') passOn.push('--');
    else if (Object.hasOwn(options, token.name)) {
      const string = options[token.name]?.type === 'string';
      if (string && !token.value) missing.push(token.rawName);
      values[token.name] = string ? token.value : true;
    } else {
      unknown.push(token.rawName);
      passOn.push(token.inlineValue ? `${token.rawName}=${token.value}` : token.rawName);
    }
  }
  return { values, positionals, unknown, missing, passOn };
}

/** A string option's value, if given. @param {Values} values @param {string} key */
function stringOf(values, key) {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

module.exports = {
  parseArgsOrUsage,
  parseCommandLine,
  parseArgsOrExit,
  parseKnownArgs,
  stringOf,
  targetOptions,
};
