import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import paths from '../../tools/stack/paths.cjs';
import testStack from '../../tools/test/test-stack.cjs';

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
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  for (const app of ['shell', 'remote-home', 'remote-contact', 'remote-shared']) {
    fs.mkdirSync(path.join(work, 'dist', app), { recursive: true });
    fs.writeFileSync(path.join(work, 'dist', app, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(work, 'dist', app, 'index.html'), `<title>${app}</title>`);
  }
  // A stand-in for the shell's render server: this test is about the stores, not the pages,
  // and builds nothing. It answers like the real one and says so the same way.
  fs.mkdirSync(path.join(work, 'dist', 'shell-server'), { recursive: true });
  fs.writeFileSync(
    path.join(work, 'dist', 'shell-server', 'server.js'),
    `const server = require('node:http').createServer((req, res) => res.end('stand-in'));
server.listen(Number(process.env.PORT), process.env.HOST, () => console.log('Render server listening on port ' + process.env.PORT));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
  );
});

afterAll(async () => {
  // Whatever a failed assertion left running: only the groups this file started.
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  for (const name of ['firestore.owner.json', 'auth.owner.json']) {
    const file = path.join(work, 'data', name);
    if (!fs.existsSync(file)) continue;
    const { pid } = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
});

/** Starts `npm start -- --no-build` in a process group of its own; resolves once it serves. */
async function npmStart(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(npm, ['start', '--', '--no-build'], {
    cwd: paths.repoRoot,
    env: {
      ...process.env,
      ...env,
      FIRSTDAY_DATA_DIR: path.join(work, 'data'),
      FIRSTDAY_DIST: path.join(work, 'dist'),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not serve:\n${output}`)),
      90_000,
    );
    const check = () => {
      if (output.includes('First Day Studio is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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
  const pidIn = (output: string, part: string) => {
    const pids = [...output.matchAll(new RegExp(`\\[${part}\\] running \\(pid (\\d+)\\)`, 'g'))];
    return Number(pids.at(-1)?.[1]);
  };
  const answers = async (url: string) => {
    try {
      return (await fetch(url)).status === 200;
    } catch {
      return false;
    }
  };
  /** Polls until `check` holds; the time it took, or a failure after `ms`. */
  async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`not within ${ms} ms`);
  }

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
        await within(2_000, async () => !alive(pid));
        // Back within a few seconds, in a new process, and said so.
        await within(5_000, () => answers(part.url));
        await within(5_000, async () => stack.output().includes(`[${part.name}] restarted`));
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
