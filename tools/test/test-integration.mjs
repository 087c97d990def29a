// @ts-check
/**
 * Integration tests (the Firestore writer, security rules, the staff commands, the local
 * stack) against throwaway Firestore and Auth emulators.
 */
import authLib from '../emulators/auth-emulator.cjs';
import emulatorLib from '../emulators/firestore-emulator.cjs';
import jestLib from './jest.cjs';
import processes from '../processes/processes.cjs';
import testStack from './test-stack.cjs';
import args from '../cli/args.cjs';

const { onShutdown, shutdown, stopOnSignals } = processes;
stopOnSignals();
// Every argument is jest's (file names, -t …): handed on as they are.
const { passOn } = args.parseKnownArgs(process.argv.slice(2), {});
try {
  const emulator = await emulatorLib.startFirestoreEmulator(testStack.testEmulator);
  onShutdown(() => emulator.stop());
  const auth = await authLib.startAuthEmulator(testStack.testAuthEmulator);
  onShutdown(() => auth.stop());
  await jestLib.runJest('integration', passOn, jestLib.emulatorEnv(emulator, auth));
  await shutdown(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
