// @ts-check
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('./paths.cjs');
const { run } = require('../processes/processes.cjs');
const { superviseChild } = require('../processes/supervised-child.cjs');

/**
 * The notification function on the local stack: its build (functions/dist, as deployed) runs
 * the local runner (functions/src/local/run-locally.ts), a supervised child process that
 * listens to the Firestore emulator and hands each new or changed request to the deployed
 * triggers' handlers. Restarted like the other parts when it stops on its own; a restart
 * never mails twice (the function's own guards, and a record of the events delivered).
 */

const functionsDir = path.join(repoRoot, 'functions');
const runner = path.join(functionsDir, 'dist', 'functions', 'src', 'local', 'run-locally.js');

/** Whether the function has a build to run (`npm start -- --no-build` reuses it). */
function functionsBuilt() {
  return fs.existsSync(runner);
}

/** Compiles the function as its deploy does (functions' `npm run build`). */
async function buildFunctions() {
  console.log('Building functions…');
  const tsc = require.resolve('typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', path.join(functionsDir, 'tsconfig.build.json')]);
}

/**
 * @param {{ host: string; port: number; projectId: string }} emulator
 * @returns {Promise<{ close: () => Promise<void>; pid: () => number | undefined }>}
 */
function startLocalFunctions(emulator) {
  return superviseChild({
    name: 'functions',
    args: [runner],
    env: {
      // Locally: the sender's confirmation is queued too (so it can be read), and no Slack
      // post leaves the machine unless a webhook is set on purpose.
      AUTOREPLY: 'on',
      SLACK_WEBHOOK_URL: 'off',
      ...process.env,
      FIRESTORE_EMULATOR_HOST: `${emulator.host}:${emulator.port}`,
      GCLOUD_PROJECT: emulator.projectId,
      // Before its first listen the Firestore client looks for Google's metadata server (a
      // network call, and seconds here): nothing of the local stack may leave the machine.
      METADATA_SERVER_DETECTION: 'none',
    },
    readyText: 'Watching users/',
  });
}

module.exports = { functionsBuilt, buildFunctions, startLocalFunctions };
