// @ts-check
/** A failure the user can act on: its message is printed as is, without a stack trace. */
class CliError extends Error {
  /**
   * @param {string} message
   * @param {number} [exitCode] 2 for a usage mistake, 1 for anything else
   */
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

module.exports = { CliError };
