// @ts-check
/**
 * `npm run dev`: every app on its webpack dev server (live reload), the Firestore emulator with
 * firestore.rules and the Auth emulator, on platform/apps.cjs's ports (the contact form signs its
 * visitors in anonymously; the staff inbox signs staff in), with the same persisted data as
 * `npm start`.
 * To work on one app alone, run `npm run dev -w <app>` instead.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import apps from '../../platform/apps.cjs';
import authLib from '../emulators/auth-emulator.cjs';
import emulatorLib from '../emulators/firestore-emulator.cjs';
import paths from '../stack/paths.cjs';
import processes from '../processes/processes.cjs';
import args from '../cli/args.cjs';

const require = createRequire(import.meta.url);
const { onShutdown, shutdown, stopOnSignals } = processes;

// No options but --help: a stray argument is a mistake, said before anything starts.
args.parseArgsOrExit(process.argv.slice(2), {}, 'Usage: npm run dev\n\n  --help  show this help\n');

stopOnSignals();
try {
  let emulatorNote = `Firestore emulator: http://${apps.firestore.host}:${apps.firestore.port}`;
  try {
    const emulator = await emulatorLib.startFirestoreEmulator({
      ...apps.firestore,
      persistTo: paths.localDataDir,
      autosaveMs: 60_000,
    });
    onShutdown(() => emulator.stop());
  } catch (error) {
    emulatorNote = error instanceof Error ? error.message : String(error);
  }
  try {
    const auth = await authLib.startAuthEmulator({
      ...apps.auth,
      persistTo: paths.localAuthDir,
      autosaveMs: 60_000,
    });
    onShutdown(() => auth.stop());
    emulatorNote += `\nAuth emulator: http://${apps.auth.host}:${apps.auth.port}`;
  } catch (error) {
    emulatorNote += `\n${error instanceof Error ? error.message : String(error)}`;
  }
  for (const id of apps.appIds) {
    /** @type {(env: unknown, argv: { mode: string }) => import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} */
    const configure = require(path.join(paths.repoRoot, id, 'webpack.config.js'));
    const config = configure({}, { mode: 'development' });
    config.infrastructureLogging = { level: 'warn' };
    config.stats = 'errors-warnings';
    // This script owns Ctrl-C: the emulator's data must be saved before anything exits.
    const options = { ...config.devServer, setupExitSignals: false };
    const server = new WebpackDevServer(options, webpack(config));
    await server.start();
    onShutdown(() => server.stop());
  }
  console.log(
    `\nFirst Day Studio (development) is running at http://${apps.host}:${apps.apps.shell.port}/\n${emulatorNote}\nPress Ctrl-C to stop.\n`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
