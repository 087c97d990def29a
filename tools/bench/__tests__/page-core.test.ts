/**
 * @jest-environment node
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { scaled } from '../../../tests/support/time-factor';
import { allowedCores, onOwnCore, processTree } from '../page-core.cjs';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** A node process that stays up, its command line marked as Chromium marks a process's type. */
async function processOfType(type: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', type], {
    stdio: 'ignore',
  });
  started.push(child);
  const pid = child.pid as number;
  // Node starts its worker threads as it boots: the process is ready for the test once it has.
  await until(() => threadsOf(pid).length > 1, `process ${pid} started its threads`);
  return pid;
}

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

/** Every thread of `pid` and its descendants allowed exactly `cores`. */
const treeOn = (pid: number, cores: number[], except: (tid: number) => boolean = () => false) =>
  processTree(pid).every((p) =>
    threadsOf(p)
      .filter((tid) => !except(tid))
      .every((tid) => {
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

  it(
    "gives a renderer's main thread the last core alone and every other thread the others, then puts them back",
    async () => {
      const renderer = await processOfType('--type=renderer');
      const helper = await processOfType('--type=utility');
      let inside = false;
      const { pageCore: reported } = await onOwnCore(async () => {
        // A renderer started inside is placed too, its threads as they appear.
        const late = await processOfType('--type=renderer');
        await until(
          () =>
            String(allowedCores(renderer)) === String([pageCore]) &&
            String(allowedCores(late)) === String([pageCore]) &&
            treeOn(process.pid, others, (tid) => tid === renderer || tid === late),
          'renderers on the page core, everything else off it',
        );
        expect(treeOn(helper, others)).toBe(true);
        inside = true;
      });
      expect(inside).toBe(true);
      expect(reported).toBe(pageCore);
      expect(treeOn(process.pid, cores)).toBe(true);
    },
    scaled(30_000),
  );

  it(
    'puts the threads back when the measure fails',
    async () => {
      const renderer = await processOfType('--type=renderer');
      await expect(
        onOwnCore(async () => {
          await until(
            () => String(allowedCores(renderer)) === String([pageCore]),
            'the renderer on the page core',
          );
          throw new Error('the visit failed');
        }),
      ).rejects.toThrow('the visit failed');
      expect(treeOn(process.pid, cores)).toBe(true);
    },
    scaled(30_000),
  );
});
