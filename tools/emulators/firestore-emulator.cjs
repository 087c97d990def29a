// @ts-check
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { checkFirestoreExport, findOverallMetadata } = require('./firestore-export-check.cjs');
const { repoRoot } = require('../stack/paths.cjs');
const { createPersistence, ownerFileOf } = require('./persistent-emulator.cjs');
const { createCopyStore } = require('./saved-copies.cjs');
const { watchStartup } = require('./startup-output.cjs');
const env = require('../cli/env.cjs');

/**
 * Starts and stops Google's Cloud Firestore emulator (the real engine) with the project's rules.
 * Data lives in memory; with `persistTo` it is saved as crash-safe copies (autosave, and on
 * stop) and the newest sound copy seeds the next start, so local submissions survive a restart
 * of the local stack, a killed terminal and a crash in the middle of a save.
 */

const installHelp = `The Cloud Firestore emulator is not installed (or Java 17+ is missing).
Install it with the Google Cloud CLI:
    gcloud components install cloud-firestore-emulator
or, on Debian/Ubuntu with Google's apt repository:
    sudo apt-get install google-cloud-cli-firestore-emulator openjdk-17-jre-headless
Or point FIRESTORE_EMULATOR_JAR at cloud-firestore-emulator.jar.`;

/** @returns {string | null} the emulator's jar, if this machine has one */
function findEmulatorJar() {
  const candidates = [
    env.text('FIRESTORE_EMULATOR_JAR'),
    '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
    '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  ];
  try {
    const sdkRoot = execFileSync('gcloud', ['info', '--format=value(installation.sdk_root)'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 20_000,
    }).trim();
    if (sdkRoot)
      candidates.push(
        path.join(sdkRoot, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'),
      );
  } catch {
    // No gcloud on PATH: the fixed locations above are all there is to try.
  }
  return candidates.find((file) => file && fs.existsSync(file)) ?? null;
}

function hasJava() {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes every document of `projectId` in a running emulator (tests start from nothing).
 * @param {{ host: string; port: number; projectId: string }} emulator
 */
async function clearDocuments({ host, port, projectId }) {
  const url = `http://${host}:${port}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing the emulator failed: ${response.status}`);
}

/**
 * Exports the data of a running emulator into `dir` (a fresh folder of the copy store).
 * @param {{ host: string; port: number; projectId: string }} emulator
 * @param {string} dir
 */
async function exportFirestore({ host, port, projectId }, dir) {
  const response = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: path.resolve(dir),
    }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`Export failed: ${response.status} ${await response.text()}`);
}

/**
 * Export folders of the layout before copies (`<persistTo>/firestore_export_*`, and
 * `<persistTo>.new` left by a save interrupted between its delete and its rename), newest first.
 * @param {string} root
 */
function legacyExports(root) {
  return [`${root}.new`, root].flatMap((dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => /^firestore_export_\d+$/.test(name))
          .sort()
          .reverse()
          .map((name) => path.join(dir, name))
      : [],
  );
}

/** The crash-safe saved copies of the local data in `persistTo`. @param {string} persistTo */
const firestoreCopies = (persistTo) =>
  createCopyStore(persistTo, { check: checkFirestoreExport, legacy: legacyExports });

/**
 * @typedef {object} RunningEmulator
 * @property {string} host
 * @property {number} port
 * @property {string} projectId
 * @property {() => Promise<string | undefined>} save a crash-safe copy now (if persisting)
 * @property {() => Promise<void>} stop save (if persisting), then stop
 */

/**
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {string} options.projectId
 * @param {string} [options.rules] path to the rules file
 * @param {string} [options.persistTo] folder of saved copies to seed from and save into; the
 *   emulator is then owned through a pid file beside it (orphans of a killed run are reclaimed)
 * @param {number} [options.autosaveMs] also save this often while running, so a crash or a
 *   killed terminal loses at most that much
 * @param {(message: string) => void} [options.warn] where warnings about saved data go
 * @returns {Promise<RunningEmulator>}
 */
async function startFirestoreEmulator({
  port,
  host = '127.0.0.1',
  projectId,
  rules = path.join(repoRoot, 'firestore.rules'),
  persistTo,
  autosaveMs = 0,
  warn = console.error,
}) {
  const jar = findEmulatorJar();
  if (!jar || !hasJava()) throw new Error(installHelp);

  const persistence = createPersistence({
    persistTo,
    copiesOf: firestoreCopies,
    exportData: exportFirestore,
    warn,
  });
  await persistence.prepare(host, [port], 'Firestore emulator');

  /** @param {string | null} seed overall metadata file to load */
  async function launch(seed) {
    const args = ['-Duser.language=en', '-cp', /** @type {string} */ (jar)];
    args.push('com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start');
    args.push(`--host=${host}`, `--port=${port}`, `--rules=${rules}`);
    if (seed) args.push(`--seed_from_export=${seed}`);

    // Its own process group: Ctrl-C in a terminal must not kill the emulator before its data
    // is saved; stop() ends it once that is done.
    const child = spawn('java', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const group = persistence.own(child, {
      what: 'Firestore emulator',
      marker: `CloudFirestore start --host=${host} --port=${port}`,
      host,
      port,
      projectId,
    });
    const output = watchStartup([child.stdout, child.stderr], 'Dev App Server is now running');
    try {
      await new Promise((resolve, reject) => {
        const fail = (/** @type {string} */ why) => {
          output.stop();
          reject(new Error(`The Firestore emulator ${why} on port ${port}:\n${output.tail()}`));
        };
        const timer = setTimeout(() => fail('did not start within 60 s'), 60_000);
        /** @param {number | null} code */
        const onExit = (code) => {
          clearTimeout(timer);
          fail(`exited (${code})`);
        };
        child.once('exit', onExit);
        void output.ready.then(() => {
          clearTimeout(timer);
          child.removeListener('exit', onExit);
          resolve(undefined);
        });
      });
    } catch (error) {
      group.release();
      throw error;
    }
    return { child, group };
  }

  const { child, group } = await persistence.launchFromNewestCopy(
    (copy) => launch(copy ? findOverallMetadata(copy) : null),
    {
      verb: 'load',
      damaged: (count) =>
        `${count} saved cop${count === 1 ? 'y' : 'ies'} of the local Firestore data ${count === 1 ? 'is' : 'are'} damaged and ${count === 1 ? 'was' : 'were'} not loaded`,
      empty: 'the emulator started EMPTY.',
    },
  );
  return persistence.keepSaved(
    { host, port, projectId },
    {
      autosaveMs,
      what: 'local Firestore data',
      async end() {
        group.killGroup();
        await new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
          else child.once('exit', () => resolve(undefined));
        });
        group.release();
      },
    },
  );
}

module.exports = {
  installHelp,
  findEmulatorJar,
  startFirestoreEmulator,
  clearDocuments,
  exportFirestore,
  firestoreCopies,
  ownerFileOf,
};
