// @ts-check
/**
 * `npm start`: builds every app for production, serves the composed site with deployment
 * headers, and runs the Firestore emulator with firestore.rules and the Auth emulator, all on
 * platform/apps.cjs's ports, keeping their data in .data/ between runs. Ctrl-C stops everything it
 * started. `npm start -- --no-build` serves the last build when there is one; the ports and
 * the data folder move with FIRSTDAY_* variables (tools/start/local-stack.cjs).
 */
import localStack from './local-stack.cjs';
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
  const stores = await localStack.startLocalStores(settings);
  onShutdown(() => stores.stop());
  const site = await serveSite({
    ports: settings.ports,
    emulator: settings.firestore,
    auth: settings.auth,
  });
  onShutdown(() => site.close());
  console.log(
    `\nFirst Day Studio is running at ${site.url}\n${stores.notes.join('\n')}\nPress Ctrl-C to stop.\n`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
