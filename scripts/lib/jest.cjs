// @ts-check
const { repoRoot } = require('./paths.cjs');
const { run } = require('./processes.cjs');

/**
 * Runs one jest project; the emulator's address reaches the tests through the environment.
 * @param {'unit' | 'integration' | 'browser'} project
 * @param {string[]} [extraArgs]
 * @param {NodeJS.ProcessEnv} [env]
 */
function runJest(project, extraArgs = [], env = {}) {
  const jest = require.resolve('jest/bin/jest');
  const args = [jest, '--selectProjects', project];
  if (project !== 'unit') args.push('--runInBand');
  return run(process.execPath, [...args, ...extraArgs], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
}

/** @param {{ host: string; port: number; projectId: string }} emulator */
function emulatorEnv(emulator) {
  return {
    FIRESTORE_EMULATOR_HOST: `${emulator.host}:${emulator.port}`,
    GCLOUD_PROJECT: emulator.projectId,
  };
}

module.exports = { runJest, emulatorEnv };
