// @ts-check
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { stopGroup } = require('../processes/owned-process.cjs');
const { repoRoot } = require('../stack/paths.cjs');
const { createPersistence, ownerFileOf } = require('./persistent-emulator.cjs');
const { createCopyStore } = require('./saved-copies.cjs');

/**
 * Starts and stops the Firebase Auth emulator of firebase-tools (it runs alone on Java 17 and
 * needs no Java at all). Like the Firestore emulator: its own process group, owned through a
 * pid file when it persists, and its accounts saved as crash-safe copies (the same layout as
 * `firebase emulators:export`, so `--import` loads them).
 *
 * firebase-tools also runs its "hub" and a log server beside each emulator: they take the two
 * ports after the Auth port, so two stacks never fight over 4400/4500.
 */

const firebaseCli = () => require.resolve('firebase-tools/lib/bin/firebase.js');
const cliVersion = () =>
  /** @type {{ version: string }} */ (require('firebase-tools/package.json')).version;

const metadataName = 'firebase-export-metadata.json';

/**
 * The emulator settings of firebase.json with this run's ports.
 * @param {string} host
 * @param {number} port
 */
function configFor(host, port) {
  /** @type {{ emulators?: Record<string, unknown> }} */
  const project = JSON.parse(fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8'));
  return {
    emulators: {
      ...project.emulators,
      auth: { host, port },
      hub: { host, port: port + 1 },
      logging: { host, port: port + 2 },
      ui: { enabled: false },
    },
  };
}

/**
 * Whether a saved copy is an Auth export that `--import` can load.
 * @param {string} dir
 * @returns {string | null}
 */
function checkAuthExport(dir) {
  /** @param {string} file */
  const readJson = (file) => {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) return `${file} is missing`;
    if (fs.statSync(full).size === 0) return `${file} is empty (0 bytes)`;
    try {
      return { json: JSON.parse(fs.readFileSync(full, 'utf8')) };
    } catch {
      return `${file} is not complete JSON`;
    }
  };
  const metadata = readJson(metadataName);
  if (typeof metadata === 'string') return metadata;
  const authPath = metadata.json?.auth?.path;
  if (typeof authPath !== 'string') return `${metadataName} names no Auth data`;
  for (const file of ['accounts.json', 'config.json']) {
    const result = readJson(path.join(authPath, file));
    if (typeof result === 'string') return result;
  }
  return null;
}

/**
 * Writes the emulator's accounts and settings into `dir`, as `firebase emulators:export` does.
 * @param {{ host: string; port: number; projectId: string }} emulator
 * @param {string} dir
 */
async function exportAuth({ host, port, projectId }, dir) {
  const base = `http://${host}:${port}`;
  const headers = { Authorization: 'Bearer owner' };
  /** @param {string} url */
  const get = async (url) => {
    const response = await fetch(`${base}${url}`, { headers, signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`Auth export failed: ${response.status} ${url}`);
    return response.text();
  };
  const accounts = await get(
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
  );
  const config = await get(`/emulator/v1/projects/${projectId}/config`);
  fs.mkdirSync(path.join(dir, 'auth_export'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'auth_export', 'accounts.json'), accounts);
  fs.writeFileSync(path.join(dir, 'auth_export', 'config.json'), config);
  const metadata = { version: cliVersion(), auth: { version: cliVersion(), path: 'auth_export' } };
  fs.writeFileSync(path.join(dir, metadataName), JSON.stringify(metadata, null, 2));
}

/** @param {string} persistTo */
const authCopies = (persistTo) => createCopyStore(persistTo, { check: checkAuthExport });

/**
 * @param {{ host: string; port: number }} address
 * @returns {Promise<boolean>}
 */
async function answers({ host, port }) {
  try {
    const response = await fetch(`http://${host}:${port}/`, {
      signal: AbortSignal.timeout(1_000),
    });
    const body = /** @type {{ authEmulator?: { ready?: boolean } }} */ (await response.json());
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * @typedef {object} RunningAuthEmulator
 * @property {string} host
 * @property {number} port
 * @property {string} projectId
 * @property {() => Promise<string | undefined>} save
 * @property {() => Promise<void>} stop save (if persisting), then stop
 */

/**
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {string} options.projectId
 * @param {string} [options.persistTo] folder of saved copies (accounts survive restarts)
 * @param {number} [options.autosaveMs]
 * @param {(message: string) => void} [options.warn]
 * @returns {Promise<RunningAuthEmulator>}
 */
async function startAuthEmulator({
  port,
  host = '127.0.0.1',
  projectId,
  persistTo,
  autosaveMs = 0,
  warn = console.error,
}) {
  const persistence = createPersistence({
    persistTo,
    copiesOf: authCopies,
    exportData: exportAuth,
    warn,
  });
  await persistence.prepare(
    host,
    [port, port + 1, port + 2],
    'Auth emulator (and its hub and log ports)',
  );

  // Its config and log live in a folder of its own: firebase-tools writes firebase-debug.log
  // into its working folder, and the log file (not a pipe) lets it outlive a killed parent.
  const runDir = persistTo
    ? `${persistTo}-emulator`
    : fs.mkdtempSync(path.join(os.tmpdir(), 'auth-emulator-'));
  fs.mkdirSync(runDir, { recursive: true });
  const configPath = path.join(runDir, 'firebase.json');
  fs.writeFileSync(configPath, JSON.stringify(configFor(host, port), null, 2));
  const logPath = path.join(runDir, 'auth-emulator.log');

  /** @param {string | null} seed a saved copy to import */
  async function launch(seed) {
    const log = fs.openSync(logPath, 'w');
    const args = [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', projectId];
    args.push('--config', configPath, '--non-interactive');
    if (seed) args.push('--import', seed);
    const child = spawn(process.execPath, args, {
      cwd: runDir,
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    const group = persistence.own(child, {
      what: 'Auth emulator',
      marker: `--config ${configPath}`,
      host,
      port,
      projectId,
    });
    /** @type {number | null} */
    let exitCode = null;
    child.once('exit', (code) => {
      exitCode = code ?? -1;
    });
    const deadline = Date.now() + 60_000;
    while (!(await answers({ host, port }))) {
      if (exitCode !== null || Date.now() > deadline) {
        group.release();
        const output = fs.readFileSync(logPath, 'utf8').trim().split('\n').slice(-15).join('\n');
        throw new Error(
          exitCode !== null
            ? `The Auth emulator exited (${exitCode}) on port ${port}:\n${output}`
            : `The Auth emulator did not start within 60 s:\n${output}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { child, group };
  }

  const { child, group } = await persistence.launchFromNewestCopy(launch, {
    verb: 'import',
    damaged: () => 'saved local Auth accounts are damaged and were not loaded',
    empty: 'the Auth emulator started with no accounts.',
  });
  return persistence.keepSaved(
    { host, port, projectId },
    {
      autosaveMs,
      what: 'local Auth accounts',
      async end() {
        if (child.pid && child.exitCode === null && child.signalCode === null) {
          await stopGroup(child.pid);
        }
        group.release();
        if (!persistTo) fs.rmSync(runDir, { recursive: true, force: true });
      },
    },
  );
}

module.exports = { startAuthEmulator, exportAuth, checkAuthExport, authCopies, ownerFileOf };
