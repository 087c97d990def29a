/**
 * @jest-environment node
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishRelease } from '../publish.cjs';

let dir: string;
let build: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'));
  build = path.join(dir, 'build');
  fs.mkdirSync(build);
  fs.writeFileSync(path.join(build, 'remoteEntry.js'), '// built\n');
});
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

const stateOf = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
};

/**
 * A process that has ended and whose parent never collects its exit: `sleep 30` (the shell it
 * replaced had started a short sleep) does not wait for children.
 */
async function zombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  started.push(parent);
  const pid = Number(
    await new Promise<string>((resolve) =>
      parent.stdout!.once('data', (chunk) => resolve(`${chunk}`)),
    ),
  );
  // It ends 50 ms after it started: polled every 10 ms, up to 10 s.
  for (let tries = 0; tries < 1000 && stateOf(pid) !== 'Z'; tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(stateOf(pid)).toBe('Z');
  return pid;
}

const publish = () =>
  publishRelease({ dir, app: 'remote-home', version: '1.0.0+abc1234', contents: { '': build } });

(process.platform === 'linux' ? describe : describe.skip)('a publish', () => {
  it("removes what a killed publish left, once that publish's process has ended", async () => {
    const left = path.join(dir, 'remote-home', `.incoming-0.9.0+abc1234-${await zombie()}`);
    fs.mkdirSync(left, { recursive: true });
    fs.writeFileSync(path.join(left, 'remoteEntry.js'), '// half copied\n');
    await publish();
    expect(fs.existsSync(left)).toBe(false);
  });

  it('leaves the folder of a publish still running', async () => {
    const running = spawn('sleep', ['30'], { stdio: 'ignore' });
    started.push(running);
    const theirs = path.join(dir, 'remote-home', `.incoming-0.9.0+abc1234-${running.pid}`);
    fs.mkdirSync(theirs, { recursive: true });
    await publish();
    expect(fs.existsSync(theirs)).toBe(true);
  });
});
