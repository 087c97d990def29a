// @ts-check
/**
 * Integration and browser tests start servers (the render server, the remotes' static servers,
 * the local function) as children. Their lines go to a file per test file, not to the test
 * output: a passing run stays short, and a failing test prints what the servers said while it
 * ran (and where the whole log is).
 */
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');
const { logLinesSince, logSize } = require('./stack-log.cjs');

/** What a failing test prints of the servers' log at most: its last lines. */
const shownLines = 120;

class StackLogEnvironment extends TestEnvironment {
  /**
   * @param {import('@jest/environment').JestEnvironmentConfig} config
   * @param {import('@jest/environment').EnvironmentContext} context
   */
  constructor(config, context) {
    super(config, context);
    const relative = path.relative(config.globalConfig.rootDir, context.testPath);
    this.logFile = path.join(
      config.globalConfig.rootDir,
      '.tmp',
      'stack-logs',
      `${relative.replace(/[\\/]/g, '__')}.log`,
    );
    fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
    fs.writeFileSync(this.logFile, '');
    // Read by tools/processes/supervised-child.cjs in this test file's module registry only, so
    // commands a test spawns (npm start, say) keep writing to their own output.
    this.global.__stackLogFile = this.logFile;
    /** Where the log stood when the running test (or hook) started. */
    this.from = 0;
  }

  /**
   * The test events this needs (jest-circus's Event, narrowed to what is read here).
   * @param {{ name: string; test?: { name: string; errors: unknown[] }; hook?: { type: string } }} event
   */
  handleTestEvent(event) {
    if (event.name === 'test_start' || event.name === 'hook_start')
      this.from = logSize(this.logFile);
    if (event.name === 'test_done' && event.test && event.test.errors.length > 0)
      this.show(event.test.name);
    if (event.name === 'hook_failure') this.show(`${event.hook?.type ?? 'a'} hook`);
  }

  /** @param {string} what */
  show(what) {
    const lines = logLinesSince(this.logFile, this.from);
    // Most integration tests start no server: an empty block per failure would only bury it.
    if (lines.length === 0) return;
    const shown = lines.slice(-shownLines);
    process.stderr.write(
      `\n── the log (servers and test output) while "${what}" ran: ${lines.length} lines` +
        (lines.length > shown.length ? `, the last ${shown.length} shown` : '') +
        ` (whole file: ${path.relative(process.cwd(), this.logFile)}) ──\n` +
        shown.map((line) => `  ${line}\n`).join('') +
        '── end of the log ──\n',
    );
  }
}

module.exports = StackLogEnvironment;
