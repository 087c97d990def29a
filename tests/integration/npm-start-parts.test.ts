import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import testStack from '../../tools/test/test-stack.cjs';
import {
  alive,
  descendantPid,
  exited,
  killLeftovers,
  npmStart as npmStartIn,
  pidIn,
  within,
  writeStandInBuild,
} from '../support/servers/npm-start';
import { scaled } from '../support/time-factor';

/**
 * A real `npm start` whose parts die. One part killed (the render server, a remote's server) is
 * restarted while everything else, the emulators above all, runs on. The whole process group
 * killed with `kill -9` orphans the emulators (in process groups of their own): the next
 * `npm start` must save what they hold, stop them and run its own, never serve beside a store
 * it does not control.
 *
 * It runs on its own ports and data folder, and serves a stand-in build (`--no-build`), so it
 * needs no webpack build and never touches a developer's running stack or .data/.
 */

const env = testStack.npmStartTestEnv;
const firestore = { host: '127.0.0.1', port: Number(env.FIRSTDAY_EMULATOR_PORT) };
const auth = { host: '127.0.0.1', port: Number(env.FIRSTDAY_AUTH_PORT) };
const projectId = 'demo-firstday';

let work: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  // A stand-in build: this test is about the stores and the processes, not the pages.
  writeStandInBuild(work);
});

afterAll(() => {
  // Whatever a failed assertion left running: only the groups this file started.
  killLeftovers(work, started);
  fs.rmSync(work, { recursive: true, force: true });
});

const npmStart = (until?: string) => npmStartIn(work, started, until);
// Each test starts the whole stack once or twice: up to 150 s each on a busy 2-core machine.
jest.setTimeout(400_000);

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const ownerPid = (name: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(work, 'data', `${name}.owner.json`), 'utf8')) as {
      pid: number;
    }
  ).pid;

async function writeRequest(id: string) {
  const url = `http://${firestore.host}:${firestore.port}/v1/projects/${projectId}/databases/(default)/documents/users?documentId=${id}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ fields: { name: { stringValue: id } } }),
  });
  expect(response.status).toBe(200);
}

async function requestIds() {
  const url = `http://${firestore.host}:${firestore.port}/v1/projects/${projectId}/databases/(default)/documents/users`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  const body = (await response.json()) as { documents?: Array<{ name: string }> };
  return (body.documents ?? []).map((doc) => doc.name.split('/').pop()).sort();
}

async function signUp(email: string) {
  const url = `http://${auth.host}:${auth.port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'a-long-password' }),
  });
  expect(response.status).toBe(200);
}

async function accountEmails() {
  const url = `http://${auth.host}:${auth.port}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  const body = (await response.json()) as { users?: Array<{ email: string }> };
  return (body.users ?? []).map((user) => user.email).sort();
}

describe('npm start after kill -9', () => {
  it('saves and stops the emulators the killed run orphaned, then runs its own', async () => {
    const first = await npmStart();
    await writeRequest('written-before-the-kill');
    await signUp('staff@firstday.studio');
    const orphans = { firestore: ownerPid('firestore'), auth: ownerPid('auth') };

    process.kill(-first.child.pid!, 'SIGKILL');
    await exited(first.child);
    // The emulators outlive the kill, holding their ports and unsaved data.
    expect(alive(orphans.firestore)).toBe(true);
    expect(alive(orphans.auth)).toBe(true);

    const second = await npmStart();
    expect(second.output()).toMatch(/Found the Firestore emulator a previous run left behind/);
    expect(second.output()).toMatch(/Found the Auth emulator a previous run left behind/);
    expect(alive(orphans.firestore)).toBe(false);
    expect(alive(orphans.auth)).toBe(false);
    // Its own emulators run, with what was written after the killed run's last save.
    expect(ownerPid('firestore')).not.toBe(orphans.firestore);
    expect(await requestIds()).toEqual(['written-before-the-kill']);
    expect(await accountEmails()).toEqual(['staff@firstday.studio']);

    // Ctrl-C: everything it started stops, and nothing is left to reclaim.
    process.kill(-second.child.pid!, 'SIGINT');
    await exited(second.child);
    expect(await listening(firestore.port)).toBe(false);
    expect(await listening(auth.port)).toBe(false);
    expect(fs.existsSync(path.join(work, 'data', 'firestore.owner.json'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'data', 'auth.owner.json'))).toBe(false);
  });

  it('refuses to run beside an emulator port held by something it did not start', async () => {
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(firestore.port, '127.0.0.1', resolve));
    try {
      await expect(npmStart()).rejects.toThrow(
        new RegExp(
          `exited \\(1\\)[\\s\\S]*Something else already listens on 127.0.0.1:${firestore.port}`,
        ),
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

describe('npm start when one of its parts stops', () => {
  const answers = async (url: string) => {
    try {
      return (await fetch(url)).status === 200;
    } catch {
      return false;
    }
  };
  it('restarts the render server, then a remote, with the emulators and their data untouched', async () => {
    const stack = await npmStart();
    await writeRequest('written-before-the-crashes');
    const emulators = { firestore: ownerPid('firestore'), auth: ownerPid('auth') };
    const base = Number(env.FIRSTDAY_PORT_BASE);
    const parts = [
      { name: 'render server', url: `http://localhost:${base}/` },
      { name: 'remote-home', url: `http://localhost:${base + 1}/mf-manifest.json` },
    ];
    try {
      for (const part of parts) {
        const pid = pidIn(stack.output(), part.name);
        expect(pid).toBeGreaterThan(0);
        process.kill(pid, 'SIGKILL');
        await within(scaled(2_000), async () => !alive(pid));
        // Back within a few seconds, in a new process, and said so.
        await within(scaled(5_000), () => answers(part.url));
        await within(scaled(5_000), async () =>
          stack.output().includes(`[${part.name}] restarted`),
        );
        expect(stack.output()).toContain(`[${part.name}] stopped unexpectedly (SIGKILL)`);
        expect(pidIn(stack.output(), part.name)).not.toBe(pid);
      }
      // Nothing else went down: the other remotes, the emulators and what they hold.
      expect(await answers(`http://localhost:${base + 3}/mf-manifest.json`)).toBe(true);
      expect(stack.child.exitCode).toBeNull();
      expect(alive(emulators.firestore)).toBe(true);
      expect(alive(emulators.auth)).toBe(true);
      expect(ownerPid('firestore')).toBe(emulators.firestore);
      expect(await requestIds()).toContain('written-before-the-crashes');
    } finally {
      process.kill(-stack.child.pid!, 'SIGINT');
      await exited(stack.child);
    }
    expect(await listening(firestore.port)).toBe(false);
  });
});

describe('npm start told to stop while it is still starting', () => {
  it('leaves none of the parts it started running, stopped through npm', async () => {
    // A process manager's stop: a SIGTERM to the process it started (npm), not a terminal's
    // Ctrl-C to the whole group, while the rest of the stack is still starting (the remotes
    // listen before the render server and the function have started). npm passes it to the
    // shell that runs the script, which ends without passing it on.
    const stack = await npmStart('[remote-shared] running (pid');
    expect(descendantPid(stack.child.pid!, 'tools/start/start.mjs')).toBeGreaterThan(0);
    process.kill(stack.child.pid!, 'SIGTERM');
    await exited(stack.child);
    const parts = [...stack.output().matchAll(/\] running \(pid (\d+)\)/g)].map(([, pid]) =>
      Number(pid),
    );
    expect(parts.length).toBeGreaterThan(0);
    await within(scaled(5_000), async () => parts.every((pid) => !alive(pid)));
    expect(await listening(firestore.port)).toBe(false);
  });
});
