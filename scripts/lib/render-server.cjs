// @ts-check
const { spawn } = require('node:child_process');
const path = require('node:path');
const { distOf, serverDistOf } = require('./paths.cjs');

/**
 * Runs the shell's render server (its production build, as deployed) as a child process and
 * resolves once it listens. Its output goes to this process's, prefixed.
 * @param {object} options
 * @param {number} options.port
 * @param {string} options.host
 * @param {string} options.remotesJson the remotes.json file it reads (and re-reads)
 * @param {Record<string, string>} [options.env] more settings (REMOTE_POLL_MS, SITE_ORIGIN…)
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
function startRenderServer({ port, host, remotesJson, env = {} }) {
  const script = path.join(serverDistOf('shell'), 'server.js');
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      STATIC_DIR: distOf('shell'),
      REMOTES_JSON: remotesJson,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @param {NodeJS.ReadableStream | null} stream @param {NodeJS.WritableStream} to */
  const forward = (stream, to) =>
    stream?.on('data', (/** @type {Buffer} */ data) =>
      to.write(
        String(data)
          .split(/\r?\n/)
          .filter(Boolean)
          .map((line) => `[render server] ${line}\n`)
          .join(''),
      ),
    );
  forward(child.stderr, process.stderr);
  let closing = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    // Said out loud: a site whose pages stop answering should say why.
    if (!closing)
      console.error(`[render server] stopped unexpectedly (${signal ?? `exit ${code}`})`);
  });
  const close = async () => {
    closing = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (/** @type {Buffer} */ data) => {
      output += String(data);
      if (output.includes('listening on')) {
        child.stdout?.removeAllListeners('data');
        forward(child.stdout, process.stdout);
        resolve({ close });
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`The render server stopped (exit ${code}) before listening:\n${output}`)),
    );
  });
}

module.exports = { startRenderServer };
