import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The integration and browser projects' environment scales every test's and hook's own bound by
 * the time factor. A file of tests whose work outlasts their base bounds runs under jest with
 * those projects' environment and setup, the factor's floor set to 4: it passes only if each
 * bound was scaled, a bound still ends work that outlasts it scaled (the factor is at most 10),
 * and the tests read the same factor.
 */
const repo = path.resolve(__dirname, '../../..');
const support = path.join(repo, 'tests/support/jest');

const fixture = `
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
beforeEach(() => sleep(600), 300);
it('outlasts its own base bound', () => sleep(600), 300);
it('outlasts it again, after the hook', () => sleep(600), 300);
it.failing('still ends work that outlasts its scaled bound', () => sleep(2500), 100);
it('reads the factor the bounds were scaled by', () => {
  expect(Number(process.env.TEST_TIME_FACTOR)).toBeGreaterThanOrEqual(4);
});
`;

it('scales each bound a test or hook sets by the time factor', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scaled-bounds-'));
  try {
    fs.writeFileSync(path.join(dir, 'bounds.check.cjs'), fixture);
    const config = {
      rootDir: dir,
      testMatch: ['**/bounds.check.cjs'],
      transform: {},
      testEnvironment: path.join(support, 'stack-log-environment.cjs'),
      setupFilesAfterEnv: [path.join(support, 'slow-tests.cjs')],
    };
    const run = spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--ci'],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, TEST_TIME_FACTOR: '4' } },
    );
    expect(run.stderr).toContain('Tests:       4 passed, 4 total');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
