// @ts-check
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('./paths.cjs');

/**
 * Starts and stops Google's Cloud Firestore emulator (the real engine) with the project's rules.
 * Data lives in memory; `persistTo` exports it on stop and seeds it on the next start, so local
 * submissions survive a restart of the local stack.
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
    process.env.FIRESTORE_EMULATOR_JAR,
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

/** @param {string} dir */
function findExport(dir) {
  if (!fs.existsSync(dir)) return null;
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.overall_export_metadata')) return path.join(dir, entry);
  }
  return null;
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
 * @typedef {object} RunningEmulator
 * @property {string} host
 * @property {number} port
 * @property {string} projectId
 * @property {() => Promise<void>} stop export (if persisting), then stop
 */

/**
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {string} options.projectId
 * @param {string} [options.rules] path to the rules file
 * @param {string} [options.persistTo] folder to seed from and export into
 * @param {boolean} [options.quiet]
 * @param {number} [options.autosaveMs] also export this often while running, so a crash or a
 *   killed terminal loses at most that much
 * @returns {Promise<RunningEmulator>}
 */
async function startFirestoreEmulator({
  port,
  host = '127.0.0.1',
  projectId,
  rules = path.join(repoRoot, 'firestore.rules'),
  persistTo,
  quiet = true,
  autosaveMs = 0,
}) {
  const jar = findEmulatorJar();
  if (!jar || !hasJava()) throw new Error(installHelp);

  const args = ['-Duser.language=en', '-cp', jar];
  args.push('com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start');
  args.push(`--host=${host}`, `--port=${port}`, `--rules=${rules}`);
  const seed = persistTo ? findExport(persistTo) : null;
  if (seed) args.push(`--seed_from_export=${seed}`);

  // Its own process group: Ctrl-C in a terminal must not kill the emulator before its data
  // is exported; stop() ends it once that is done.
  const child = spawn('java', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The Firestore emulator did not start within 60 s:\n${output}`)),
      60_000,
    );
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk.toString();
      if (!quiet) process.stdout.write(chunk);
      if (output.includes('Dev App Server is now running')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The Firestore emulator exited (${code}) on port ${port}:\n${output}`));
    });
  });

  const base = `http://${host}:${port}/emulator/v1/projects/${projectId}`;
  const database = `projects/${projectId}/databases/(default)`;

  // Exports run one at a time: an autosave and the final save share the same folders.
  /** @type {Promise<void>} */
  let saving = Promise.resolve();
  function exportData() {
    saving = saving.catch(() => {}).then(exportNow);
    return saving;
  }

  async function exportNow() {
    if (!persistTo) return;
    // Export beside the old copy, then swap, so an interrupted export never loses data.
    const fresh = `${persistTo}.new`;
    fs.rmSync(fresh, { recursive: true, force: true });
    fs.mkdirSync(fresh, { recursive: true });
    const response = await fetch(`${base}:export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ database, export_directory: path.resolve(fresh) }),
    });
    if (!response.ok) throw new Error(`Export failed: ${response.status} ${await response.text()}`);
    fs.rmSync(persistTo, { recursive: true, force: true });
    fs.renameSync(fresh, persistTo);
  }

  const autosave =
    persistTo && autosaveMs > 0
      ? setInterval(() => {
          exportData().catch((error) =>
            console.error('Saving local Firestore data failed:', error),
          );
        }, autosaveMs)
      : undefined;
  autosave?.unref();

  return {
    host,
    port,
    projectId,
    async stop() {
      clearInterval(autosave);
      try {
        await exportData();
      } finally {
        killGroup();
        await new Promise((resolve) => {
          if (child.exitCode !== null) resolve(undefined);
          else child.once('exit', () => resolve(undefined));
        });
      }
    },
  };
}

module.exports = { installHelp, findEmulatorJar, startFirestoreEmulator, clearDocuments };
