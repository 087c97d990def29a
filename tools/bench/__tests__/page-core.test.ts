/**
 * @jest-environment node
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { scaled } from '../../../tests/support/time-factor';
import { allowedCores, onOwnCore, processTree } from '../page-core.cjs';

const started: ChildProcess[] = [];
const forked: number[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const pid of forked.splice(0)) process.kill(pid, 'SIGKILL');
});

const threadsOf = (pid: number) => {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
};

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + scaled(10_000);
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not within the deadline: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Stays up, its title rewritten as Chromium rewrites a process's: its arguments joined by spaces. */
const chromiumLike = `process.title = 'chromium ' + process.argv.slice(1).join(' '); setInterval(() => {}, 1000);`;

/** Lines a child prints, one at a time. */
function linesOf(child: ChildProcess): () => Promise<string> {
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let rest = '';
  child.stdout?.on('data', (data: Buffer) => {
    rest += String(data);
    for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n')) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  return () => {
    const line = lines.shift();
    return line !== undefined
      ? Promise.resolve(line)
      : new Promise((resolve) => waiting.push(resolve));
  };
}

type Started = ChildProcess & { pid: number; nextLine: () => Promise<string> };

/**
 * A node process that stays up, its command line marked as Chromium marks a process's type,
 * ready once it says so. On SIGUSR2 it starts a renderer of its own and prints its pid, as
 * Chromium's zygote forks one.
 */
async function processOfType(type: string): Promise<Started> {
  const code = `${chromiumLike} process.on('SIGUSR2', () => { const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(chromiumLike)}, '--', '--type=renderer'], { stdio: 'ignore' }); console.log(c.pid); }); console.log('ready');`;
  const child = spawn(process.execPath, ['-e', code, '--', type], {
    stdio: ['ignore', 'pipe', 'ignore'],
  }) as Started;
  started.push(child);
  child.nextLine = linesOf(child);
  expect(await child.nextLine()).toBe('ready');
  return child;
}

/** The renderer `zygote` starts on SIGUSR2, once its threads are up. */
async function rendererOf(zygote: Started): Promise<number> {
  zygote.kill('SIGUSR2');
  const pid = Number(await zygote.nextLine());
  forked.push(pid);
  // Node starts its worker threads as it boots.
  await until(() => threadsOf(pid).length > 1, `renderer ${pid} started its threads`);
  return pid;
}

/** Every thread of `pid` and its descendants allowed exactly `cores`. */
const treeOn = (pid: number, cores: number[]) =>
  processTree(pid).every((p) =>
    threadsOf(p).every((tid) => {
      try {
        return String(allowedCores(p, tid)) === String(cores);
      } catch {
        return true; // a thread that has ended is on no core
      }
    }),
  );

const cores = allowedCores(process.pid);
const multiCore = process.platform === 'linux' && cores.length >= 2;

(multiCore ? describe : describe.skip)('the page core', () => {
  const pageCore = cores.at(-1) as number;
  const others = cores.slice(0, -1);

  /** The renderer's main thread on the page core, every other thread of it on the others. */
  const rendererPlaced = (pid: number) =>
    threadsOf(pid).every((tid) => {
      try {
        return String(allowedCores(pid, tid)) === String(tid === pid ? [pageCore] : others);
      } catch {
        return true; // a thread that has ended is on no core
      }
    });

  it(
    "gives each renderer's main thread the last core alone and every other thread the others, then every thread every core",
    async () => {
      const zygote = await processOfType('--type=zygote');
      const renderer = await rendererOf(zygote);
      const helper = await processOfType('--type=utility');
      let late = 0;
      const { pageCore: reported } = await onOwnCore(async () => {
        expect(String(allowedCores(zygote.pid))).toBe(String([pageCore]));
        expect(treeOn(helper.pid, others)).toBe(true);
        const ours = threadsOf(process.pid).map((tid) => String(allowedCores(process.pid, tid)));
        expect(new Set(ours)).toEqual(new Set([String(others)]));
        // A renderer started meanwhile starts on the page core; its other threads leave it.
        late = await rendererOf(zygote);
        await until(
          () => rendererPlaced(renderer) && rendererPlaced(late),
          "the renderers' main threads alone on the page core",
        );
      });
      expect(reported).toBe(pageCore);
      // Every thread of the tree may run anywhere again, the renderer started inside included.
      expect(late).toBeGreaterThan(0);
      expect(treeOn(late, cores)).toBe(true);
      expect(treeOn(process.pid, cores)).toBe(true);
    },
    scaled(30_000),
  );

  it(
    'allows every thread every core again when the measure fails',
    async () => {
      const zygote = await processOfType('--type=zygote');
      await expect(
        onOwnCore(async () => {
          expect(treeOn(zygote.pid, [pageCore])).toBe(true);
          throw new Error('the visit failed');
        }),
      ).rejects.toThrow('the visit failed');
      expect(treeOn(process.pid, cores)).toBe(true);
    },
    scaled(30_000),
  );
});
