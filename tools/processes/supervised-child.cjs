// @ts-check
const { spawn } = require('node:child_process');
const { isShuttingDown } = require('./processes.cjs');

/**
 * One server of the local stack in a process of its own, started again when it stops on its
 * own: a crash in one part (a request that kills the render server, a remote's static server)
 * never takes the others or the emulators down, and the part is back within a second or two.
 * Its output goes to this process's, each line prefixed with its name.
 */

/** Restarts wait this long, doubling while a part keeps failing at once, up to maxDelayMs. */
const firstDelayMs = 200;
const maxDelayMs = 5_000;
/** A part that ran this long before stopping is restarted after the first delay again. */
const healthyAfterMs = 10_000;

/**
 * @param {object} options
 * @param {string} options.name how its lines are prefixed, e.g. "render server"
 * @param {string[]} options.args arguments to Node (the script first)
 * @param {NodeJS.ProcessEnv} options.env
 * @param {string} options.readyText what it prints once it listens
 * @returns {Promise<{ close: () => Promise<void>; pid: () => number | undefined }>}
 *   resolves once the first start listens; rejects if that first start fails
 */
function superviseChild({ name, args, env, readyText }) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let closing = false;
  let delay = firstDelayMs;
  /** @type {NodeJS.Timeout | undefined} */
  let restartTimer;

  /** @param {NodeJS.ReadableStream | null} stream @param {NodeJS.WritableStream} to */
  const forward = (stream, to) =>
    stream?.on('data', (/** @type {Buffer} */ data) =>
      to.write(
        String(data)
          .split(/\r?\n/)
          .filter(Boolean)
          .map((line) => `[${name}] ${line}\n`)
          .join(''),
      ),
    );

  /** @returns {Promise<void>} resolves when it listens, rejects if it exits before */
  const start = () =>
    new Promise((resolve, reject) => {
      const startedAt = Date.now();
      const current = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = current;
      forward(current.stderr, process.stderr);
      let output = '';
      let listening = false;
      current.stdout?.on('data', (/** @type {Buffer} */ data) => {
        if (listening) return;
        output += String(data);
        if (!output.includes(readyText)) return;
        listening = true;
        process.stdout.write(
          output
            .split(/\r?\n/)
            .filter(Boolean)
            .map((line) => `[${name}] ${line}\n`)
            .join(''),
        );
        current.stdout?.removeAllListeners('data');
        forward(current.stdout, process.stdout);
        console.log(`[${name}] running (pid ${current.pid})`);
        resolve();
      });
      current.once('exit', (code, signal) => {
        if (!listening)
          reject(new Error(`${name} stopped (exit ${code}) before listening:\n${output}`));
        if (closing || isShuttingDown() || child !== current) return;
        if (Date.now() - startedAt > healthyAfterMs) delay = firstDelayMs;
        // Said out loud: a part that stops should say so, and say when it is back.
        console.error(
          `[${name}] stopped unexpectedly (${signal ?? `exit ${code}`}); restarting in ${delay} ms`,
        );
        const wait = delay;
        delay = Math.min(delay * 2, maxDelayMs);
        restartTimer = setTimeout(() => {
          if (closing || isShuttingDown()) return;
          start().then(
            () => console.log(`[${name}] restarted`),
            (error) => console.error(`[${name}] restart failed:`, error.message),
          );
        }, wait);
      });
    });

  const close = async () => {
    closing = true;
    clearTimeout(restartTimer);
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await exited;
  };

  return start().then(() => ({ close, pid: () => child?.pid }));
}

module.exports = { superviseChild };
