// @ts-check
const { repoRoot } = require('../stack/paths.cjs');
const { run } = require('../processes/processes.cjs');
const { timeFactor } = require('./time-factor.cjs');

/**
 * Runs one jest project; the emulator's address reaches the tests through the environment.
 * @param {'unit' | 'integration' | 'browser'} project
 * @param {string[]} [extraArgs]
 * @param {NodeJS.ProcessEnv} [env]
 */
function runJest(project, extraArgs = [], env = {}) {
  const jest = require.resolve('jest/bin/jest');
  // Files and jest's options first: --selectProjects takes every word after it as a project.
  const args = [jest, ...extraArgs, '--selectProjects', project];
  if (project !== 'unit') args.push('--runInBand');
  // The machine's slowness at the start is the floor of each test file's time factor.
  const factor = project === 'unit' ? {} : { TEST_TIME_FACTOR: String(timeFactor()) };
  if (project !== 'unit') console.log(`Time factor at the start: ${factor.TEST_TIME_FACTOR}`);
  return run(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...factor, ...env },
  });
}

/**
 * @param {{ host: string; port: number; projectId: string }} emulator
 * @param {{ host: string; port: number }} [auth] the Auth emulator, when one runs
 */
function emulatorEnv(emulator, auth) {
  return {
    FIRESTORE_EMULATOR_HOST: `${emulator.host}:${emulator.port}`,
    GCLOUD_PROJECT: emulator.projectId,
    // Nothing here runs on Google Cloud; without this, Google's auth library asks the metadata
    // server who it is and prints a warning in every test file that opens firebase-admin.
    METADATA_SERVER_DETECTION: 'none',
    ...(auth ? { FIREBASE_AUTH_EMULATOR_HOST: `${auth.host}:${auth.port}` } : {}),
  };
}

module.exports = { runJest, emulatorEnv };
