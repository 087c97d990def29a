// @ts-check
/**
 * `npm test`: lint and formatting, type checks, unit tests, integration tests against the
 * Firestore emulator, and browser tests over the composed production build, in that order.
 * Stops at the first failing step; prints one closing line with the counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import jestLib from './jest.cjs';
import runSummary from './run-summary.cjs';
import paths from '../stack/paths.cjs';
import processes from '../processes/processes.cjs';

const { repoRoot } = paths;
const { run } = processes;
const reports = path.join(repoRoot, '.tmp', 'jest');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

/** @param {string} name */
const jsonArgs = (name) => ['--json', `--outputFile=${path.join(reports, `${name}.json`)}`];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const node = process.execPath;

/** @type {Array<[string, () => Promise<void>]>} */
const steps = [
  ['lint', () => run(npm, ['run', '--silent', 'lint'], { cwd: repoRoot })],
  ['typecheck', () => run(npm, ['run', '--silent', 'typecheck'], { cwd: repoRoot })],
  ['unit', () => jestLib.runJest('unit', jsonArgs('unit'))],
  [
    'integration',
    () =>
      run(node, ['tools/test/test-integration.mjs', ...jsonArgs('integration')], { cwd: repoRoot }),
  ],
  [
    'browser',
    () => run(node, ['tools/test/test-browser.mjs', ...jsonArgs('browser')], { cwd: repoRoot }),
  ],
];

/** @type {string[]} */
const timings = [];
const seconds = (/** @type {number} */ since) => Math.round((Date.now() - since) / 1000);

function printSummary() {
  console.log(`\nSteps: ${timings.join(', ')}`);
  for (const line of runSummary.summaryLines(reports, repoRoot)) console.log(line);
}

const started = Date.now();
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  try {
    await step();
    timings.push(`${name} ${seconds(stepStarted)} s`);
  } catch (error) {
    timings.push(`${name} ${seconds(stepStarted)} s (failed)`);
    console.error(`\n✖ ${name} failed: ${error instanceof Error ? error.message : error}`);
    printSummary();
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${seconds(started)} s.`);
printSummary();
