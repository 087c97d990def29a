// @ts-check
/**
 * `npm start`: builds every app and the notification function for production, serves the
 * composed site with deployment headers, runs the Firestore emulator with firestore.rules, the
 * Auth emulator and the function against the Firestore emulator (tools/stack/local-functions.cjs),
 * all on platform/apps.cjs's ports, keeping their data in .data/ between runs. Ctrl-C stops
 * everything it started. `npm start -- --no-build` serves the last build when there is one; the ports and
 * the data folder move with FIRSTDAY_* variables (tools/start/local-stack.cjs).
 */
import localStack from './local-stack.cjs';
import localFunctions from '../stack/local-functions.cjs';
import processes from '../processes/processes.cjs';
import stack from '../stack/stack.cjs';
import args from '../cli/args.cjs';

const { onShutdown, shutdown, stopOnSignals } = processes;
const { buildApps, serveSite } = stack;

const usage = `Usage: npm start [-- --no-build]

  --no-build  serve the last build when there is one
  --help      show this help
`;
const options = args.parseArgsOrExit(
  process.argv.slice(2),
  { 'no-build': { type: 'boolean' } },
  usage,
);

stopOnSignals();
try {
  const settings = localStack.localSettings();
  if (options['no-build'] !== true || !localStack.builtAppsExist()) await buildApps();
  if (options['no-build'] !== true || !localFunctions.functionsBuilt()) {
    await localFunctions.buildFunctions();
  }
  const stores = await localStack.startLocalStores(settings);
  onShutdown(() => stores.stop());
  // The function and the site start side by side; registered after the stores, both stop
  // before them, so nothing is handled half-way through the last save.
  const [functions, served] = await Promise.allSettled([
    stores.firestore ? localFunctions.startLocalFunctions(settings.firestore) : null,
    serveSite({ ports: settings.ports, emulator: settings.firestore, auth: settings.auth }),
  ]);
  for (const part of [functions, served]) {
    const running = part.status === 'fulfilled' ? part.value : null;
    if (running) onShutdown(() => running.close());
  }
  if (functions.status === 'rejected') throw functions.reason;
  if (served.status === 'rejected') throw served.reason;
  const site = served.value;
  if (functions.value) {
    stores.notes.push(
      'Notification function: runs on every new request (spam in the inbox under Spam, mail queued in the mail collection, one [functions] line per mail)',
    );
  }
  console.log(
    `\nFirst Day Studio is running at ${site.url}\n${stores.notes.join('\n')}\nPress Ctrl-C to stop.\n`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
