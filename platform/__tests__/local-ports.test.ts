import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auth, firestore } from '../apps.cjs';
import { repoRoot } from '../build-paths.cjs';

const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

// Two JSON files that cannot import platform/apps.cjs repeat its emulator ports: firebase-tools
// reads firebase.json (the tools start the Auth emulator on apps.cjs's port, the hub and log
// server on the two after it), and remote-contact's deploy-time firebase-config.json defaults to
// the local emulators. They must say what apps.cjs says.
describe('JSON files that repeat the local ports agree with platform/apps.cjs', () => {
  it('firebase.json runs the Auth emulator, its hub and log server where the tools do', () => {
    const { emulators } = readJson('firebase.json') as {
      emulators: Record<'auth' | 'hub' | 'logging', { host: string; port: number }>;
    };
    expect(emulators.auth).toEqual({ host: auth.host, port: auth.port });
    expect(emulators.hub).toEqual({ host: auth.host, port: auth.port + 1 });
    expect(emulators.logging).toEqual({ host: auth.host, port: auth.port + 2 });
  });

  it("remote-contact's default firebase-config.json points at the local emulators", () => {
    const config = readJson('remote-contact/public/firebase-config.json') as {
      projectId: string;
      emulator: { host: string; port: number };
      authEmulator: { host: string; port: number };
    };
    expect(config.projectId).toBe(firestore.projectId);
    expect(config.emulator).toEqual({ host: firestore.host, port: firestore.port });
    expect(config.authEmulator).toEqual({ host: auth.host, port: auth.port });
  });
});
