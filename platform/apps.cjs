// @ts-check
/**
 * The one place that knows the four apps, their federation names and local ports, and where the
 * local Firestore and Auth emulators listen. Webpack configs (the shell's built remotes.json
 * too), the stack scripts and the tests read it; firebase.json and remote-contact's default
 * firebase-config.json cannot, and a unit test checks they agree (__tests__/local-ports.test.ts).
 */

/** @typedef {'shell' | 'remote-home' | 'remote-contact' | 'remote-shared'} AppId */

/** @type {Record<AppId, { container: string; port: number }>} */
const apps = {
  shell: { container: 'shell', port: 3000 },
  'remote-home': { container: 'remote_home', port: 3001 },
  'remote-contact': { container: 'remote_contact', port: 3002 },
  'remote-shared': { container: 'remote_shared', port: 3003 },
};

/** @type {AppId[]} */
const appIds = ['remote-shared', 'remote-home', 'remote-contact', 'shell'];

/** @typedef {Exclude<AppId, 'shell'>} RemoteId */

/** @type {readonly RemoteId[]} */
const remoteIds = ['remote-home', 'remote-contact', 'remote-shared'];

const firestore = { host: '127.0.0.1', port: 8080, projectId: 'demo-firstday' };

/** The Firebase Auth emulator (staff sign-in); firebase-tools' hub and log server take the two ports after it. */
const auth = { host: '127.0.0.1', port: 9099, projectId: firestore.projectId };

/** The host every local server uses, so the shell and remotes are same-site (webpack-dev-server refuses cross-site scripts). */
const host = 'localhost';

/**
 * @param {Exclude<AppId, 'shell'>} id
 * @param {number} [port]
 */
const manifestUrl = (id, port = apps[id].port) => `http://${host}:${port}/mf-manifest.json`;

/**
 * Where a remote's server build is found: its manifest beside the browser one's.
 * @param {Exclude<AppId, 'shell'>} id
 * @param {number} [port]
 */
const serverManifestUrl = (id, port = apps[id].port) =>
  `http://${host}:${port}/server/mf-manifest.json`;

module.exports = {
  apps,
  appIds,
  remoteIds,
  firestore,
  auth,
  host,
  manifestUrl,
  serverManifestUrl,
};
