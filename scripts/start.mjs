// @ts-check
/**
 * `npm start`: builds every app for production, serves the composed site on 3000-3003 with
 * deployment headers, and runs the Firestore emulator on 8080 with firestore.rules, keeping
 * its data in .data/ between runs. Ctrl-C stops everything it started.
 */
import apps from './lib/apps.cjs';
import emulatorLib from './lib/firestore-emulator.cjs';
import paths from './lib/paths.cjs';
import processes from './lib/processes.cjs';
import stack from './lib/stack.cjs';

const { firestore } = apps;
const { installHelp, startFirestoreEmulator } = emulatorLib;
const { onShutdown, shutdown, stopOnSignals } = processes;
const { buildApps, serveSite } = stack;
const { localDataDir } = paths;

stopOnSignals();
try {
  await buildApps();
  let emulatorNote = `Firestore emulator: http://${firestore.host}:${firestore.port} (project ${firestore.projectId}, data kept in .data/)`;
  try {
    const emulator = await startFirestoreEmulator({
      ...firestore,
      persistTo: localDataDir,
      autosaveMs: 60_000,
    });
    onShutdown(() => emulator.stop());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    emulatorNote = message.includes(installHelp)
      ? `The contact form cannot store anything yet.\n${installHelp}`
      : `The Firestore emulator could not start: ${message}`;
  }
  const site = await serveSite();
  onShutdown(() => site.close());
  console.log(
    `\nFirst Day Studio is running at ${site.url}\n${emulatorNote}\nPress Ctrl-C to stop.\n`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
