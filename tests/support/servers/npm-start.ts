import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ownedProcess from '../../../tools/processes/owned-process.cjs';
import paths from '../../../tools/stack/paths.cjs';
import testStack from '../../../tools/test/test-stack.cjs';
import { scaled } from '../time-factor';

/**
 * A real `npm start` for integration tests, on the test ports of `npmStartTestEnv`, with its
 * data in `work/data` and a stand-in build in `work/dist` (`--no-build`): no webpack build, and
 * never a developer's running stack or .data/.
 */

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The four apps' stand-in builds, and a render server that answers like the real one. */
export function writeStandInBuild(work: string) {
  for (const app of ['shell', 'remote-home', 'remote-contact', 'remote-shared']) {
    fs.mkdirSync(path.join(work, 'dist', app), { recursive: true });
    fs.writeFileSync(path.join(work, 'dist', app, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(work, 'dist', app, 'index.html'), `<title>${app}</title>`);
  }
  fs.mkdirSync(path.join(work, 'dist', 'shell-server'), { recursive: true });
  fs.writeFileSync(
    path.join(work, 'dist', 'shell-server', 'server.js'),
    `const server = require('node:http').createServer((req, res) => res.end('stand-in'));
server.listen(Number(process.env.PORT), process.env.HOST, () => console.log('Render server listening on port ' + process.env.PORT));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
  );
}

/**
 * Starts `npm start -- --no-build` in a process group of its own (added to `started`, for the
 * caller to kill whatever a failed assertion leaves); resolves once it serves.
 */
export async function npmStart(
  work: string,
  started: ChildProcess[],
  until = 'First Day Studio is running at',
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(npm, ['start', '--', '--no-build'], {
    cwd: paths.repoRoot,
    env: {
      ...process.env,
      ...testStack.npmStartTestEnv,
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
      // Its emulators, the function and the site: a minute and more on a busy 2-core machine.
      scaled(150_000),
    );
    const check = () => {
      if (output.includes(until)) {
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

/**
 * The pid of a process below `root` that runs `script` (an argument of its own, not a shell's
 * command line that names it), if there is one.
 */
export function descendantPid(root: number, script: string): number | undefined {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 4th field of /proc/<pid>/stat, after "(name)".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const below = (pid: number): boolean => {
    const parent = parents.get(pid);
    return parent === root || (parent !== undefined && parent > 1 && below(parent));
  };
  for (const pid of parents.keys()) {
    if (!below(pid)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv.slice(1).some((arg) => arg === script || arg.endsWith(`/${script}`))) return pid;
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** Kills the process groups of `started`, and of the emulators recorded in `work/data`. */
export function killLeftovers(work: string, started: ChildProcess[]) {
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
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Whether a process still runs (a zombie does not). */
export const alive = ownedProcess.isAlive;

/** The pid a supervised part last printed as running (`[name] running (pid N)`). */
export const pidIn = (output: string, part: string) => {
  const pids = [...output.matchAll(new RegExp(`\\[${part}\\] running \\(pid (\\d+)\\)`, 'g'))];
  return Number(pids.at(-1)?.[1]);
};

/** Polls until `check` holds; the time it took, or a failure after `ms`. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < ms) {
    if (await check()) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${ms} ms`);
}
