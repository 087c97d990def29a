// @ts-check
const { spawn } = require('node:child_process');

/** Process handling shared by every stack script: child processes and orderly shutdown. */

/** @type {Array<() => Promise<void> | void>} */
const cleanups = [];
let shuttingDown = false;

/**
 * Registers work to do when the script stops (Ctrl-C, SIGTERM or `shutdown()`), run in reverse
 * order of registration: what started last stops first.
 * @param {() => Promise<void> | void} cleanup
 */
function onShutdown(cleanup) {
  cleanups.push(cleanup);
}

/** Runs every cleanup once, then exits with `code`. @param {number} [code] */
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      // A cleanup that hangs (a server waiting on an idle connection) must not keep the
      // others, such as saving the emulator's data, from running.
      await Promise.race([cleanup(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    } catch (error) {
      console.error('While stopping:', error);
    }
  }
  process.exit(code);
}

/** Whether the script is stopping: parts that exit now are not restarted. */
function isShuttingDown() {
  return shuttingDown;
}

/** How often a script looks whether what started it has ended. */
const parentCheckMs = 1000;

/**
 * Stops in order (the cleanups, such as saving the emulators' data, run first) on Ctrl-C, a
 * closed terminal, SIGTERM, when what started it ends, and on an error nothing else caught.
 */
function stopOnSignals() {
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      console.log(`\nStopping (${signal})…`);
      void shutdown(0);
    });
  }
  // A SIGTERM to npm (a process manager's or an editor's stop) reaches only the shell npm runs
  // the script in, which ends without passing it on: the script, orphaned, would keep the whole
  // stack running. Its parent changing says so; no signal does.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid === parent) return;
    console.log('\nStopping (what started it has ended)…');
    void shutdown(0);
  }, parentCheckMs).unref();
  /** @param {unknown} error */
  const crashed = (error) => {
    console.error('Stopping after an unexpected error (local data is saved first):', error);
    void shutdown(1);
  };
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
}

/**
 * Runs a command to completion, inheriting the terminal; rejects on a non-zero exit.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<void>}
 */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Runs tasks with at most `limit` at a time (the machines have two cores).
 * @template T
 * @param {Array<() => Promise<T>>} tasks
 * @param {number} limit
 * @returns {Promise<T[]>}
 */
async function runLimited(tasks, limit) {
  /** @type {T[]} */
  const results = [];
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await /** @type {() => Promise<T>} */ (tasks[index])();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

module.exports = { onShutdown, shutdown, isShuttingDown, stopOnSignals, run, runLimited };
