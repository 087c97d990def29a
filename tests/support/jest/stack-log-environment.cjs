// @ts-check
/**
 * Integration and browser tests start servers (the render server, the remotes' static servers,
 * the local function) as children. Their lines go to a file per test file, not to the test
 * output: a passing run stays short, and a failing test prints what the servers said while it
 * ran (and where the whole log is).
 *
 * Every test's and hook's time bound is a base figure times this file's time factor
 * (tools/test/time-factor.cjs), applied here as each starts: a literal `it(…, 120_000)` is as
 * safe on a busy machine as jest's default, and no test can forget to scale its own.
 */
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');
const { logLinesSince, logSize } = require('./stack-log.cjs');
const { timeFactor } = require('../../../tools/test/time-factor.cjs');

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
    // Measured as the file starts; the tests' own waits read it through `scaled(ms)`.
    this.factor = timeFactor();
    this.global.process.env.TEST_TIME_FACTOR = String(this.factor);
    /** Tests and hooks whose bound is already scaled (a beforeEach starts once per test). */
    this.scaledBounds = new WeakSet();
  }

  /**
   * The test events this needs (jest-circus's Event and State, narrowed to what is read here).
   * Both events are awaited before jest reads the bound.
   * @param {{ name: string; test?: Bounded & { name: string; errors: unknown[] }; hook?: Bounded & { type: string } }} event
   * @param {{ testTimeout: number }} state
   */
  handleTestEvent(event, state) {
    if (event.name === 'test_start' || event.name === 'hook_start') {
      this.from = logSize(this.logFile);
      const bounded = event.test ?? event.hook;
      if (bounded && !this.scaledBounds.has(bounded)) {
        this.scaledBounds.add(bounded);
        bounded.timeout = Math.round((bounded.timeout || state.testTimeout) * this.factor);
      }
    }
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

/** @typedef {{ timeout?: number }} Bounded a test or hook: its own bound, if it set one */

module.exports = StackLogEnvironment;
