// @ts-check
/**
 * `npm test`: lint and formatting, type checks, unit tests, integration tests against the
 * Firestore emulator, and browser tests over the composed production build, in that order.
 * Stops at the first failing step; prints one closing line with the counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import jestLib from './jest.cjs';
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

function summary() {
  let passed = 0;
  let failed = 0;
  for (const file of fs.readdirSync(reports)) {
    const result = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
  }
  return `${passed} passed, ${failed} failed`;
}

const started = Date.now();
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  try {
    await step();
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${error instanceof Error ? error.message : error}`);
    console.log(`Tests: ${summary()}`);
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`Tests: ${summary()}`);
