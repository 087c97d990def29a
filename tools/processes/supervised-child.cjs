// @ts-check
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const { isShuttingDown } = require('./processes.cjs');

/**
 * One server of the local stack in a process of its own, started again when it stops on its
 * own: a crash in one part (a request that kills the render server, a remote's static server)
 * never takes the others or the emulators down, and the part is back within a second or two.
 * Its output goes to this process's, each line prefixed with its name; inside a test file, to
 * that file's servers' log instead (tests/support/jest/stack-log-environment.cjs).
 */

/** @param {NodeJS.WritableStream} to @returns {(text: string) => void} */
function sinkFor(to) {
  const file = /** @type {{ __stackLogFile?: string }} */ (globalThis).__stackLogFile;
  if (!file) return (text) => void to.write(text);
  return (text) => fs.appendFileSync(file, text);
}

/** @param {string} name @param {string} text @returns {string} each line prefixed */
const prefixed = (name, text) =>
  text
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => `[${name}] ${line}\n`)
    .join('');

/**
 * Every part this process has running. They stop when it exits, however it comes to exit: a
 * Ctrl-C or SIGTERM that arrives while the stack is still starting stops only what had been
 * registered by then, and parts that started after it would outlive it.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

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
 * @param {string} [options.input] written to its stdin, which is then closed (a secret it must
 *   not find in its environment)
 * @returns {Promise<{ close: () => Promise<void>; pid: () => number | undefined }>}
 *   resolves once the first start listens; rejects if that first start fails
 */
function superviseChild({ name, args, env, readyText, input }) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let closing = false;
  let delay = firstDelayMs;
  /** @type {NodeJS.Timeout | undefined} */
  let restartTimer;

  const out = sinkFor(process.stdout);
  const err = sinkFor(process.stderr);
  /**
   * @param {NodeJS.ReadableStream | null} stream
   * @param {(text: string) => void} to
   * @param {string} [partial] the start of a line already read
   */
  const forward = (stream, to, partial = '') => {
    // A line split across two reads is passed on whole, so each logged object stays one line.
    stream?.on('data', (/** @type {string} */ data) => {
      const text = partial + data;
      const end = text.lastIndexOf('\n') + 1;
      partial = text.slice(end);
      to(prefixed(name, text.slice(0, end)));
    });
    stream?.on('end', () => partial && to(prefixed(name, partial)));
  };

  /** @returns {Promise<void>} resolves when it listens, rejects if it exits before */
  const start = () =>
    new Promise((resolve, reject) => {
      if (isShuttingDown()) {
        reject(new Error(`${name} not started: stopping`));
        return;
      }
      const startedAt = Date.now();
      const current = spawn(process.execPath, args, {
        env,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
      child = current;
      running.add(current);
      current.once('exit', () => running.delete(current));
      current.stdin?.on('error', () => {});
      current.stdin?.end(input);
      // Decoded as a stream, so a character split between two reads arrives whole.
      current.stdout?.setEncoding('utf8');
      current.stderr?.setEncoding('utf8');
      forward(current.stderr, err);
      let output = '';
      let listening = false;
      current.stdout?.on('data', (/** @type {string} */ data) => {
        if (listening) return;
        output += data;
        if (!output.includes(readyText)) return;
        listening = true;
        const end = output.lastIndexOf('\n') + 1;
        out(prefixed(name, output.slice(0, end)));
        current.stdout?.removeAllListeners('data');
        forward(current.stdout, out, output.slice(end));
        out(`[${name}] running (pid ${current.pid})\n`);
        resolve();
      });
      current.once('exit', (code, signal) => {
        if (!listening)
          reject(new Error(`${name} stopped (exit ${code}) before listening:\n${output}`));
        if (closing || isShuttingDown() || child !== current) return;
        if (Date.now() - startedAt > healthyAfterMs) delay = firstDelayMs;
        // Said out loud: a part that stops should say so, and say when it is back.
        err(
          `[${name}] stopped unexpectedly (${signal ?? `exit ${code}`}); restarting in ${delay} ms\n`,
        );
        const wait = delay;
        delay = Math.min(delay * 2, maxDelayMs);
        restartTimer = setTimeout(() => {
          if (closing || isShuttingDown()) return;
          start().then(
            () => out(`[${name}] restarted\n`),
            (error) => err(`[${name}] restart failed: ${error.message}\n`),
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
