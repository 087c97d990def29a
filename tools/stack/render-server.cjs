// @ts-check
const path = require('node:path');
const { distOf, serverDistOf } = require('./paths.cjs');
const { superviseChild } = require('../processes/supervised-child.cjs');
const environment = require('../cli/env.cjs');

/**
 * An environment for the render server (or its `--check`) without the keys' secret: a process
 * it starts runs remote teams' code and could read the server's environment.
 * @param {NodeJS.ProcessEnv} env
 */
const withoutSecret = (env) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'PREVIEW_SECRET'));

/**
 * Runs the shell's render server (its production build, as deployed) as a supervised child
 * process (restarted if it stops on its own) and resolves once it listens. Its output goes to
 * this process's, prefixed.
 * @param {object} options
 * @param {number} options.port
 * @param {string} options.host
 * @param {string} options.remotesJson the remotes.json file it reads (and re-reads)
 * @param {Record<string, string>} [options.env] more settings (REMOTE_POLL_MS, SITE_ORIGIN…)
 * @param {string} [options.previewSecret] the keys' secret, handed over on its stdin: never in
 *   its environment, where the render workers it starts could read it
 * @returns {Promise<{ close: () => Promise<void>; pid: () => number | undefined }>}
 */
function startRenderServer({ port, host, remotesJson, env = {}, previewSecret }) {
  return superviseChild({
    name: 'render server',
    args: [
      path.join(serverDistOf('shell'), 'server.js'),
      ...(previewSecret === undefined ? [] : ['--keys-on-stdin']),
    ],
    input: previewSecret === undefined ? undefined : `${previewSecret}\n`,
    env: {
      ...withoutSecret(process.env),
      PORT: String(port),
      HOST: host,
      STATIC_DIR: distOf('shell'),
      REMOTES_JSON: remotesJson,
      // Its output reaches a person's terminal through this process: readable lines there.
      ...(process.stdout.isTTY && !environment.isSet('LOG_FORMAT') ? { LOG_FORMAT: 'pretty' } : {}),
      ...env,
    },
    readyText: 'listening on',
  });
}

module.exports = { startRenderServer, withoutSecret };
