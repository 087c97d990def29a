// @ts-check
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

/**
 * Who owns a long-running emulator. The emulators run in their own process group (so Ctrl-C
 * does not kill them before their data is saved), which also means `kill -9` of `npm start`
 * leaves them running. A pid file beside the data records the emulator and the script that
 * started it; the next start finds an orphan through it, saves it and stops it, and refuses
 * to run beside a port held by anything it did not start.
 */

/**
 * @typedef {object} OwnerRecord
 * @property {string} what e.g. "Firestore emulator"
 * @property {number} pid the emulator (leader of its own process group)
 * @property {string} marker text its command line contains (tells it from a reused pid)
 * @property {string} host
 * @property {number} port
 * @property {string} projectId
 * @property {number} ownerPid the script that started it
 * @property {string} ownerScript that script's path, for the same reason
 * @property {string} startedAt
 */

/**
 * Whether a process still runs: it exists (a signal could reach it, or it belongs to another
 * user), and is not a zombie (ended, its exit not yet collected by its parent), which the
 * signal test alone would count.
 * @param {number} pid
 */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return false;
  }
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc here (not Linux): the signal test is all there is.
    return true;
  }
  // The state follows the command's name, which is in brackets and may itself hold any text.
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** The command line of a process, '' if there is none. @param {number} pid */
function commandOf(pid) {
  try {
    // Linux has it without a `ps` (minimal images have none); elsewhere ask ps.
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    if (fs.existsSync('/proc/self')) return '';
  }
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** @param {string} file @returns {OwnerRecord | null} */
function readRecord(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} file
 * @param {Omit<OwnerRecord, 'ownerPid' | 'ownerScript' | 'startedAt'>} record
 */
function writeRecord(file, record) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  /** @type {OwnerRecord} */
  const full = {
    ...record,
    ownerPid: process.pid,
    ownerScript: process.argv[1] ?? '',
    startedAt: new Date().toISOString(),
  };
  fs.writeFileSync(file, `${JSON.stringify(full, null, 2)}\n`);
}

/** @param {string} file */
function removeRecord(file) {
  fs.rmSync(file, { force: true });
}

/** @param {number} pid @param {number} ms */
async function waitForExit(pid, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/** Ends a process group: TERM, then KILL if it lingers. @param {number} pid */
async function stopGroup(pid) {
  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGKILL'])) {
    try {
      process.kill(-pid, signal);
    } catch {
      return; // The group is gone.
    }
    if (await waitForExit(pid, 10_000)) return;
  }
}

/**
 * Deals with what a previous run left in `file`: refuses if its owner still runs, and saves
 * then stops an orphaned emulator.
 * @param {string} file
 * @param {object} options
 * @param {(record: OwnerRecord) => Promise<unknown>} options.save saves the orphan's data
 * @param {(message: string) => void} [options.warn]
 */
async function reclaimOrphan(file, { save, warn = console.error }) {
  const record = readRecord(file);
  if (!record) {
    removeRecord(file);
    return;
  }
  const ownerRuns =
    record.ownerPid !== process.pid &&
    isAlive(record.ownerPid) &&
    commandOf(record.ownerPid).includes(record.ownerScript);
  if (ownerRuns) {
    throw new Error(
      `Another local stack (pid ${record.ownerPid}, ${record.ownerScript}) already runs the ${record.what} on ${record.host}:${record.port} with this data. Stop it first (Ctrl-C in its terminal).`,
    );
  }
  if (isAlive(record.pid) && commandOf(record.pid).includes(record.marker)) {
    warn(
      `\n⚠  Found the ${record.what} a previous run left behind (pid ${record.pid}, ${record.host}:${record.port}; its owner ${record.ownerPid} is gone, killed hard?).\n   Saving its data, then stopping it.`,
    );
    try {
      const saved = await save(record);
      warn(`   Saved${typeof saved === 'string' ? ` to ${saved}` : ''}.`);
    } catch (error) {
      warn(
        `   Saving it failed (${error instanceof Error ? error.message : error}); the last saved copy stays in use.`,
      );
    }
    await stopGroup(record.pid);
  }
  removeRecord(file);
}

/**
 * Refuses to go on when something already listens on `host:port`: a store this script does
 * not control must never stand in for its own.
 * @param {string} host
 * @param {number} port
 * @param {string} what
 * @param {string} [hint]
 */
async function assertPortFree(host, port, what, hint = '') {
  const inUse = await new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (inUse) {
    throw new Error(
      `Something else already listens on ${host}:${port}, where the ${what} should run. It was not started by this project's scripts (or its record in .data/ is gone), so it is neither used nor stopped.\nStop it (find it with \`lsof -i :${port}\` or \`ss -ltnp\`)${hint}, then start again.`,
    );
  }
}

module.exports = {
  isAlive,
  commandOf,
  readRecord,
  writeRecord,
  removeRecord,
  stopGroup,
  reclaimOrphan,
  assertPortFree,
};
