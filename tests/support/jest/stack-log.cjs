// @ts-check
/**
 * A test file's servers' log (stack-log-environment.cjs writes its path to
 * `globalThis.__stackLogFile`): how far it has grown, and the lines written past a point. The
 * environment (to show a failing test's part) and watchServerLog (to read the render server's
 * lines) both read it so.
 */
const fs = require('node:fs');

/** @param {string} file @returns {number} its size in bytes (0 before it exists) */
function logSize(file) {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * @param {string} file
 * @param {number} from a byte offset, as logSize gave it
 * @returns {string[]} the non-empty lines written since
 */
function logLinesSince(file, from) {
  return fs.readFileSync(file).subarray(from).toString('utf8').split('\n').filter(Boolean);
}

module.exports = { logSize, logLinesSince };
