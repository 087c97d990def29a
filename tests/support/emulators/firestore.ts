import emulatorLib from '../../../tools/emulators/firestore-emulator.cjs';

/** The emulator scripts/test-*.mjs started, as FIRESTORE_EMULATOR_HOST names it. */
export function emulatorAddress(): { host: string; port: number } {
  const value = process.env.FIRESTORE_EMULATOR_HOST;
  if (!value) {
    throw new Error(
      'FIRESTORE_EMULATOR_HOST is not set: run these tests with `node tools/test/test-integration.mjs` or `node tools/test/test-browser.mjs`',
    );
  }
  const [host = '127.0.0.1', port = ''] = value.split(':');
  return { host, port: Number(port) };
}

/** Deletes every document of `projectId` in the tests' emulator. */
export function clearEmulator(projectId: string): Promise<void> {
  return emulatorLib.clearDocuments({ ...emulatorAddress(), projectId });
}

/** The Auth emulator scripts/test-*.mjs started, as FIREBASE_AUTH_EMULATOR_HOST names it. */
export function authEmulatorAddress(): { host: string; port: number } {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run these tests with `node tools/test/test-integration.mjs`',
    );
  }
  const [host = '127.0.0.1', port = ''] = value.split(':');
  return { host, port: Number(port) };
}
