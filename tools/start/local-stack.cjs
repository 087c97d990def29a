// @ts-check
const fs = require('node:fs');
const path = require('node:path');
const apps = require('../../platform/apps.cjs');
const { startAuthEmulator } = require('../emulators/auth-emulator.cjs');
const { installHelp, startFirestoreEmulator } = require('../emulators/firestore-emulator.cjs');
const { appIds } = apps;
const { distOf, serverDistOf, localAuthDir, localDataDir } = require('../stack/paths.cjs');
const { defaultPorts, portsFrom } = require('../stack/stack.cjs');
const env = require('../cli/env.cjs');

/**
 * What `npm start` runs besides the site: where (ports, movable by environment variables so a
 * second stack or a test never collides with a developer's), and the local stores it owns.
 *
 *   FIRSTDAY_PORT_BASE      the site's four ports start here (default: the shell's, apps.cjs)
 *   FIRSTDAY_EMULATOR_PORT  the Firestore emulator (default: apps.cjs's)
 *   FIRSTDAY_AUTH_PORT      the Auth emulator; its hub and log server take the next two ports
 *                           (default: apps.cjs's)
 *   FIRSTDAY_DATA_DIR       where the local data is kept (default .data/)
 */

/** @param {NodeJS.ProcessEnv} [source] the environment (tests pass their own) */
function localSettings(source = process.env) {
  const base = env.port('FIRSTDAY_PORT_BASE', source);
  return {
    ports: env.isSet('FIRSTDAY_PORT_BASE', source) ? portsFrom(base) : defaultPorts,
    firestore: { ...apps.firestore, port: env.port('FIRSTDAY_EMULATOR_PORT', source) },
    auth: { ...apps.auth, port: env.port('FIRSTDAY_AUTH_PORT', source) },
  };
}

/** Whether every app has a build to serve (`npm start -- --no-build` reuses it). */
function builtAppsExist() {
  return (
    appIds.every((id) => fs.existsSync(path.join(distOf(id), 'mf-manifest.json'))) &&
    fs.existsSync(path.join(serverDistOf('shell'), 'server.js'))
  );
}

/**
 * Starts the local Firestore and Auth emulators with their saved data, autosaving every minute.
 * An orphan of a killed run is saved and stopped first; a port held by anything else stops
 * the start. A Firestore emulator that is not installed is the one failure the site runs
 * without (the page says how to install it); then `notes` says so and `firestore` is false.
 * @param {ReturnType<typeof localSettings>} settings
 * @returns {Promise<{ notes: string[]; firestore: boolean; stop: () => Promise<void> }>}
 */
async function startLocalStores(settings) {
  const { firestore, auth } = settings;
  /** @type {Array<{ stop: () => Promise<void> }>} */
  const started = [];
  const notes = [];
  let firestoreRuns = false;
  const stopAll = async () => {
    for (const store of started.reverse()) await store.stop();
  };
  try {
    try {
      started.push(
        await startFirestoreEmulator({ ...firestore, persistTo: localDataDir, autosaveMs: 60_000 }),
      );
      firestoreRuns = true;
      notes.push(
        `Firestore emulator: http://${firestore.host}:${firestore.port} (project ${firestore.projectId}, data saved to ${path.relative(process.cwd(), localDataDir) || localDataDir} every minute and on Ctrl-C)`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!message.includes(installHelp)) throw error;
      notes.push(`The contact form cannot store anything yet.\n${installHelp}`);
    }
    started.push(await startAuthEmulator({ ...auth, persistTo: localAuthDir, autosaveMs: 60_000 }));
    notes.push(
      `Auth emulator: http://${auth.host}:${auth.port} (staff accounts: npm run staff -- add <email>)`,
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { notes, firestore: firestoreRuns, stop: stopAll };
}

module.exports = { localSettings, builtAppsExist, startLocalStores };
