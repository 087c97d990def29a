// @ts-check
/**
 * What the code under test prints (the functions' logger, a test's own figures) goes to the
 * test file's log beside its servers' lines, so a passing run stays quiet and a failing test
 * shows it with the rest (stack-log-environment.cjs prints that part).
 */
const fs = require('node:fs');
const { Console } = require('node:console');
const { Writable } = require('node:stream');

/** @type {string | undefined} */
const file = /** @type {{ __stackLogFile?: string }} */ (globalThis).__stackLogFile;

if (file) {
  /** @param {string} prefix */
  const lines = (prefix) =>
    new Writable({
      // Written at once, so the environment reads it when the test ends.
      write(chunk, _encoding, done) {
        const text = String(chunk).replace(/\n$/, '');
        fs.appendFileSync(file, `${text.replace(/^/gm, `[${prefix}] `)}\n`);
        done();
      },
    });
  globalThis.console = new Console({ stdout: lines('test'), stderr: lines('test stderr') });
}
