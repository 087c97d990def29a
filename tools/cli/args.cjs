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
 * The options a command knows, and the other arguments as they were written, for commands that
 * hand those on (to jest): unknown options are kept, not refused.
 * @param {string[]} args
 * @param {NonNullable<import('node:util').ParseArgsConfig['options']>} options
 */
function parseKnownArgs(args, options) {
  const { values, tokens } = parseArgs({ args, options, strict: false, tokens: true });
  /** @type {string[]} */
  const rest = [];
  /** @type {Array<{ name: string; value: string | undefined }>} */
  const valued = [];
  for (const token of tokens) {
    if (token.kind === 'positional') rest.push(token.value);
    else if (token.kind === 'option-terminator') rest.push('--');
    else if (token.name in options) {
      if (options[token.name]?.type === 'string')
        valued.push({ name: token.rawName, value: token.value });
    } else rest.push(token.inlineValue ? `${token.rawName}=${token.value}` : token.rawName);
  }
  return { values: /** @type {Values} */ (values), rest, valued };
}

/** A string option's value, if given. @param {Values} values @param {string} key */
function stringOf(values, key) {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

module.exports = { parseArgsOrUsage, parseKnownArgs, stringOf };
