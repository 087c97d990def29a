// @ts-check
/**
 * What `npm test` prints at the end, from the jest JSON reports of its steps: the counts, every
 * failing test by name, and the slowest test files (where the time of a run goes).
 */
const fs = require('node:fs');
const path = require('node:path');

/** How many of the slowest test files the summary names. */
const slowestShown = 8;

/**
 * @typedef {{ fullName: string; status: string }} AssertionResult
 * @typedef {{ name: string; startTime: number; endTime: number; status: string;
 *   message: string; assertionResults: AssertionResult[] }} FileResult
 * @typedef {{ numPassedTests: number; numFailedTests: number; testResults: FileResult[] }} Report
 */

/**
 * @param {string} dir the folder of the steps' JSON reports (<step>.json)
 * @param {string} root paths are shown relative to it
 * @returns {string[]} the summary's lines
 */
function summaryLines(dir, root) {
  let passed = 0;
  let failed = 0;
  /** @type {string[]} */
  const failures = [];
  /** @type {Array<{ file: string; seconds: number }>} */
  const files = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    /** @type {Report} */
    const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const result of report.testResults) {
      const file = path.relative(root, result.name);
      files.push({ file, seconds: (result.endTime - result.startTime) / 1000 });
      const failing = result.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failing) failures.push(`  ✖ ${file}: ${test.fullName}`);
      // A file that failed before any test (a set-up error) has no failing test to name.
      if (result.status === 'failed' && failing.length === 0)
        failures.push(`  ✖ ${file}: ${result.message.split('\n').find(Boolean) ?? 'failed'}`);
    }
  }
  const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, slowestShown);
  return [
    `Tests: ${passed} passed, ${failed} failed`,
    ...(failures.length > 0 ? ['Failing:', ...failures] : []),
    ...(slowest.length > 0
      ? [
          'Slowest test files:',
          ...slowest.map(({ file, seconds }) => `  ${seconds.toFixed(0).padStart(5)} s  ${file}`),
        ]
      : []),
  ];
}

module.exports = { summaryLines };
