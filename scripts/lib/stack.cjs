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

/**
 * Four consecutive ports from `base`, in the apps' order: shell, remote-home, remote-contact,
 * remote-shared (3000-3003 locally; tests and the benchmark pick other bases).
 * @param {number} base
 * @returns {Ports}
 */
function portsFrom(base) {
  return {
    shell: base,
    'remote-home': base + 1,
    'remote-contact': base + 2,
    'remote-shared': base + 3,
  };
}

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

/**
 * The remotes.json that points the shell at remotes served on `ports`, with `moved` remotes
 * at other URLs.
 * @param {Ports} ports
 * @param {Partial<Record<Exclude<AppId, 'shell'>, string>>} [moved]
 */
function remotesJsonFor(ports, moved = {}) {
  return JSON.stringify(
    Object.fromEntries(remoteIds.map((id) => [id, moved[id] ?? manifestUrl(id, ports[id])])),
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
 * Serves the built apps like a deployment would, each on its own port. Each app's server can
 * be stopped and started again, to see the site live through a remote going down.
 * @param {object} [options]
 * @param {Ports} [options.ports]
 * @param {{ host: string; port: number; projectId: string }} [options.emulator]
 * @param {Partial<Record<Exclude<AppId, 'shell'>, string>>} [options.moved] remotes.json entries
 *   that point elsewhere than `ports`
 */
async function serveSite({ ports = defaultPorts, emulator = firestore, moved = {} } = {}) {
  /** @param {AppId} id */
  const serve = (id) =>
    serveStatic({
      dir: distOf(id),
      port: ports[id],
      host,
      cors: id !== 'shell',
      historyFallback: id === 'shell',
      overrides:
        id === 'shell'
          ? { '/remotes.json': remotesJsonFor(ports, moved) }
          : id === 'remote-contact'
            ? { '/firebase-config.json': contactConfigFor(emulator) }
            : {},
    });
  /** @type {Map<AppId, { close: () => Promise<void> }>} */
  const running = new Map();
  await Promise.all(appIds.map(async (id) => running.set(id, await serve(id))));

  return {
    url: `http://${host}:${ports.shell}/`,
    /** @param {AppId} id */
    urlOf: (id) => `http://${host}:${ports[id]}/`,
    /** @param {AppId} id */
    async stop(id) {
      await running.get(id)?.close();
      running.delete(id);
    },
    /** @param {AppId} id */
    async start(id) {
      if (!running.has(id)) running.set(id, await serve(id));
    },
    async close() {
      await Promise.all([...running.values()].map((server) => server.close()));
      running.clear();
    },
  };
}

module.exports = {
  defaultPorts,
  portsFrom,
  buildApps,
  remotesJsonFor,
  contactConfigFor,
  serveSite,
};
