// @ts-check
/**
 * Browser tests over the composed production build: builds every app (skip with --no-build),
 * starts throwaway Firestore and Auth emulators (the staff inbox signs in to the latter), and
 * runs the `browser` jest project. Each test file
 * serves the site itself (tests/support/browser), so it can stop and move remotes at will.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import authLib from '../emulators/auth-emulator.cjs';
import emulatorLib from '../emulators/firestore-emulator.cjs';
import jestLib from './jest.cjs';
import processes from '../processes/processes.cjs';
import stack from '../stack/stack.cjs';
import testStack from './test-stack.cjs';
import args from '../cli/args.cjs';

const { onShutdown, shutdown, stopOnSignals } = processes;
stopOnSignals();
// Every argument but --no-build is jest's.
const { values, passOn } = args.parseKnownArgs(process.argv.slice(2), {
  'no-build': { type: 'boolean' },
});
const build = values['no-build'] !== true;
try {
  if (build) await stack.buildApps();
  const emulator = await emulatorLib.startFirestoreEmulator(testStack.testEmulator);
  onShutdown(() => emulator.stop());
  const auth = await authLib.startAuthEmulator(testStack.testAuthEmulator);
  onShutdown(() => auth.stop());
  const env = jestLib.emulatorEnv(emulator, auth);
  await jestLib.runJest('browser', passOn, env);
  // What the browser tests' visitors reported, as a team would read it after a release.
  console.log('\nField data of this run (npm run vitals):');
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../vitals/vitals.mjs', import.meta.url)), '--since', '3h'],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  await shutdown(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
