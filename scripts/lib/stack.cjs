// @ts-check
const path = require('node:path');
const { distOf, repoRoot } = require('./paths.cjs');
const { run, runLimited } = require('./processes.cjs');
const { serveStatic } = require('./static-server.cjs');

/** Builds the four apps and serves the composed site: shared by start, test and bench. */

/** @type {import('./apps.cjs')} */
const { apps, appIds, firestore, host, manifestUrl, remoteIds } = require('./apps.cjs');

/** @typedef {import('./apps.cjs').AppId} AppId */
/** @typedef {Record<AppId, number>} Ports */

/** @type {Ports} */
const defaultPorts = /** @type {Ports} */ (
  Object.fromEntries(appIds.map((id) => [id, apps[id].port]))
);

/** Production builds of every app, two at a time. @param {AppId[]} [only] */
async function buildApps(only = appIds) {
  const webpackCli = require.resolve('webpack-cli/bin/cli.js');
  await runLimited(
    only.map((id) => () => {
      console.log(`Building ${id}…`);
      return run(
        process.execPath,
        [webpackCli, '--mode', 'production', '--stats', 'errors-warnings'],
        { cwd: path.join(repoRoot, id) },
      );
    }),
    2,
  );
}

/** The remotes.json that points the shell at remotes served on `ports`. @param {Ports} ports */
function remotesJsonFor(ports) {
  return JSON.stringify(
    Object.fromEntries(remoteIds.map((id) => [id, manifestUrl(id, ports[id])])),
    null,
    2,
  );
}

/**
 * The deploy-time Firebase settings remote-contact reads, for a local emulator.
 * @param {{ host: string; port: number; projectId: string }} emulator
 */
function contactConfigFor(emulator) {
  return JSON.stringify({
    projectId: emulator.projectId,
    apiKey: 'demo-api-key',
    emulator: { host: emulator.host, port: emulator.port },
  });
}

/**
 * Serves the built apps like a deployment would, each on its own port.
 * @param {object} [options]
 * @param {Ports} [options.ports]
 * @param {{ host: string; port: number; projectId: string }} [options.emulator]
 */
async function serveSite({ ports = defaultPorts, emulator = firestore } = {}) {
  const servers = await Promise.all(
    appIds.map((id) =>
      serveStatic({
        dir: distOf(id),
        port: ports[id],
        host,
        cors: id !== 'shell',
        historyFallback: id === 'shell',
        overrides:
          id === 'shell'
            ? { '/remotes.json': remotesJsonFor(ports) }
            : id === 'remote-contact'
              ? { '/firebase-config.json': contactConfigFor(emulator) }
              : {},
      }),
    ),
  );
  return {
    url: `http://${host}:${ports.shell}/`,
    /** @param {AppId} id */
    urlOf: (id) => `http://${host}:${ports[id]}/`,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

module.exports = { defaultPorts, buildApps, remotesJsonFor, contactConfigFor, serveSite };
