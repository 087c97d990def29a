// @ts-check
const path = require('node:path');
const { distOf, repoRoot } = require('./paths.cjs');
const { run, runLimited } = require('../processes/processes.cjs');
const fs = require('node:fs');
const os = require('node:os');
const { startRenderServer } = require('./render-server.cjs');
const { serveStaticProcess } = require('./static-server.cjs');
const security = require('../../platform/security/security-policy.cjs');
const { localPreviewSecret } = require('../../platform/releases/preview-token.cjs');
const environment = require('../cli/env.cjs');

/** Builds the four apps and serves the composed site: shared by start, test and bench. */

/** @type {import('../../platform/apps.cjs')} */
const {
  apps,
  appIds,
  auth: authEmulator,
  firestore,
  host,
  manifestUrl,
  remoteIds,
} = require('../../platform/apps.cjs');

/** @typedef {import('../../platform/apps.cjs').AppId} AppId */
/** @typedef {Record<AppId, number>} Ports */

/** @type {Ports} */
const defaultPorts = /** @type {Ports} */ (
  Object.fromEntries(appIds.map((id) => [id, apps[id].port]))
);

/**
 * Four consecutive ports from `base`, in the apps' order: shell, remote-home, remote-contact,
 * remote-shared (apps.cjs's ports locally; tests and the benchmark pick other bases).
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
 * The deploy-time Firebase settings remote-contact reads, for local emulators: Firestore for the
 * form and the inbox, Auth for staff signing in to the inbox.
 * @param {{ host: string; port: number; projectId: string }} emulator
 * @param {{ host: string; port: number }} [auth]
 * @param {{ provider: 'debug', debugToken?: string }} [appCheck] only to test App Check's wiring
 */
function contactConfigFor(emulator, auth = authEmulator, appCheck = undefined) {
  return JSON.stringify({
    projectId: emulator.projectId,
    apiKey: 'demo-api-key',
    emulator: { host: emulator.host, port: emulator.port },
    authEmulator: { host: auth.host, port: auth.port },
    signInProviders: ['password'],
    // No App Check locally: the emulators never enforce it, and its debug provider would call
    // Google's exchange endpoint from the local stack (nothing may leave this machine). Tests
    // of the App Check wiring serve a site with it, as a deployment would have it.
    ...(appCheck ? { appCheck } : {}),
  });
}

/**
 * Serves the built apps like a deployment would, each on its own port: the remotes as static
 * files (browser and server builds), the shell through its render server (or, with
 * `clientRendered`, as the static fallback a plain static host would serve). Each app's server
 * can be stopped and started again, to see the site live through a remote going down.
 * @param {object} [options]
 * @param {Ports} [options.ports]
 * @param {{ host: string; port: number; projectId: string }} [options.emulator]
 * @param {{ host: string; port: number }} [options.auth] the Auth emulator staff sign in to
 * @param {Partial<Record<Exclude<AppId, 'shell'>, string>>} [options.moved] remotes.json entries
 *   that point elsewhere than `ports`
 * @param {Partial<Record<AppId, string>>} [options.dirs] serve an app from another build folder
 * @param {boolean} [options.clientRendered] serve the shell's static build instead
 * @param {Record<string, string>} [options.renderEnv] more settings for the render server
 * @param {{ provider: 'debug', debugToken?: string }} [options.appCheck] App Check in the served
 *   firebase-config.json (off by default: nothing leaves the machine)
 * @param {string} [options.remotesJson] read this remotes.json (a release directory's live
 *   pointer, which `npm run promote` rewrites) instead of one written for `ports`
 * @param {string} [options.previewSecret] the keys' secret handed to the render server (else
 *   PREVIEW_SECRET, else the local stack's public development key)
 */
async function serveSite({
  ports = defaultPorts,
  emulator = firestore,
  auth = authEmulator,
  moved = {},
  dirs = {},
  clientRendered = false,
  renderEnv = {},
  remotesJson: pointer,
  appCheck = undefined,
  previewSecret = environment.text('PREVIEW_SECRET') ?? localPreviewSecret,
} = {}) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-site-'));
  const remotesJson = pointer ?? path.join(workDir, 'remotes.json');
  /** @param {Partial<Record<Exclude<AppId, 'shell'>, string>>} locations */
  const writeRemotes = (locations) => {
    // Written whole, then renamed: a reader never sees half a file.
    fs.writeFileSync(`${remotesJson}.tmp`, remotesJsonFor(ports, locations));
    fs.renameSync(`${remotesJson}.tmp`, remotesJson);
  };
  if (!pointer) writeRemotes(moved);

  const fallbackPolicy = () =>
    security.contentSecurityPolicy({
      remotes: JSON.parse(fs.readFileSync(remotesJson, 'utf8')),
      firebase: JSON.parse(contactConfigFor(emulator, auth, appCheck)),
      scriptHashes: security.inlineScriptHashes(
        fs.readFileSync(path.join(dirs.shell ?? distOf('shell'), 'index.html'), 'utf8'),
      ),
    });
  /**
   * Each app in a process of its own, restarted if it stops on its own.
   * @param {AppId} id
   * @returns {Promise<{ close: () => Promise<void>; pid: () => number | undefined }>}
   */
  const serve = (id) =>
    id === 'shell' && !clientRendered
      ? startRenderServer({
          port: ports.shell,
          host,
          remotesJson,
          previewSecret,
          env: {
            // Field data goes to the local Firestore emulator, as the contact form's requests do.
            FIELD_DATA_PROJECT: emulator.projectId,
            FIRESTORE_EMULATOR_HOST: `${emulator.host}:${emulator.port}`,
            ...renderEnv,
          },
        })
      : serveStaticProcess(id, {
          dir: dirs[id] ?? distOf(id),
          port: ports[id],
          host,
          cors: id !== 'shell',
          historyFallback: id === 'shell',
          // The client-rendered fallback page gets the policy the render server would send.
          documentHeaders: id === 'shell' ? { 'Content-Security-Policy': fallbackPolicy() } : {},
          overrides:
            id === 'shell'
              ? { '/remotes.json': fs.readFileSync(remotesJson, 'utf8') }
              : id === 'remote-contact'
                ? { '/firebase-config.json': contactConfigFor(emulator, auth, appCheck) }
                : {},
        });
  /** @type {Map<AppId, { close: () => Promise<void>; pid: () => number | undefined }>} */
  const running = new Map();
  // The remotes first: the render server reads them as it starts.
  for (const group of [appIds.filter((id) => id !== 'shell'), /** @type {AppId[]} */ (['shell'])])
    await Promise.all(group.map(async (id) => running.set(id, await serve(id))));

  return {
    url: `http://${host}:${ports.shell}/`,
    /** @param {AppId} id */
    urlOf: (id) => `http://${host}:${ports[id]}/`,
    /** The process serving an app now (it changes when the app is restarted). @param {AppId} id */
    pidOf: (id) => running.get(id)?.pid(),
    /** @param {AppId} id */
    async stop(id) {
      await running.get(id)?.close();
      running.delete(id);
    },
    /** @param {AppId} id */
    async start(id) {
      if (!running.has(id)) running.set(id, await serve(id));
    },
    /**
     * Deploys a new remotes.json (the render server reads it within its poll interval).
     * @param {Partial<Record<Exclude<AppId, 'shell'>, string>>} locations
     */
    moveRemotes(locations) {
      writeRemotes(locations);
    },
    async close() {
      await Promise.all([...running.values()].map((server) => server.close()));
      running.clear();
      fs.rmSync(workDir, { recursive: true, force: true });
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
