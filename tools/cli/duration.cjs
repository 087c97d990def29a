// @ts-check
const { CliError } = require('./cli.cjs');

/** Units a duration flag takes: 30s, 10m, 2h, 1d. */
const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration flag's value in ms (a usage error otherwise).
 * @param {string} value like "30s", "10m", "2h" @param {string} flag for the message
 */
function durationOf(value, flag) {
  const match = /^(\d{1,6})([smhd])$/.exec(value.trim());
  const ms = match ? Number(match[1]) * unitMs[/** @type {keyof typeof unitMs} */ (match[2])] : 0;
  if (!match || ms <= 0)
    throw new CliError(`${flag} takes a duration like 30s, 10m or 2h (got "${value}")`, 2);
  return ms;
}

module.exports = { durationOf };
