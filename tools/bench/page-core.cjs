// @ts-check
/**
 * The emulated phone's main thread on a core of its own. CDP's CPU throttling makes the page's
 * main thread busy-wait in proportion to the time it ran, so a throttled page holds a core for
 * the whole visit. On a host of few cores, everything else the bench runs then takes turns on
 * that core: the bench and Playwright, the local servers (a phone's are across the network)
 * and the browser's other processes (a phone runs them on its other cores). Each turn lengthens
 * the task the page is running, as the page's own clock sees it.
 *
 * While `onOwnCore(fn)` runs, every thread of this process's tree runs on the other cores, but
 * the main thread of each renderer, which runs on the last core alone. A renderer is forked by
 * Chromium's zygote and inherits its affinity, so the zygote is put on that core and a new
 * renderer's main thread starts there; the renderer's other threads (compositor, I/O) are moved
 * off it as they appear, every `pollMs`. The calibration taken inside measures that core too.
 * Linux only (/proc and util-linux's taskset); with one core or elsewhere, `fn` runs as it is.
 */
const fs = require('node:fs');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const run = promisify(execFile);
const pollMs = 20;

/** The cores a thread may run on, from /proc (`Cpus_allowed_list`, such as "0-3,6"). */
function allowedCores(/** @type {number} */ pid, /** @type {number} */ tid = pid) {
  const status = fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? '';
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => Number(from) + i);
  });
}

/** A folder's entries, none if it is gone (a process that has exited). */
const entries = (/** @type {string} */ dir) => {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
};
const read = (/** @type {string} */ file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The direct children of `pid`, from every thread's /proc children list. */
function childrenOf(/** @type {number} */ pid) {
  return entries(`/proc/${pid}/task`).flatMap((tid) =>
    read(`/proc/${pid}/task/${tid}/children`).split(/\s+/).filter(Boolean).map(Number),
  );
}

/** `pid` and every process below it. */
function processTree(/** @type {number} */ pid) {
  /** @type {number[]} */
  const tree = [];
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    tree.push(next);
    queue.push(...childrenOf(next));
  }
  return tree;
}

/**
 * Where each thread of `pid` belongs: a renderer's main thread (its thread id is the process
 * id) and a zygote's threads on the page's core, every other thread on the others.
 * @param {number} pid
 * @param {string} commandLine
 */
function onPageCore(pid, commandLine) {
  const type = /\0--type=([a-z-]+)/.exec(`\0${commandLine}`)?.[1];
  return (/** @type {number} */ tid) => type === 'zygote' || (type === 'renderer' && tid === pid);
}

/**
 * Runs `fn` with the renderers' main threads of this process tree on the last core alone and
 * every other thread on the other cores; puts every thread it moved back afterwards.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<{ result: T; pageCore: number | null }>}
 */
async function onOwnCore(fn) {
  const cores = process.platform === 'linux' ? allowedCores(process.pid) : [];
  const pageCore = cores.at(-1);
  if (cores.length < 2 || pageCore === undefined) return { result: await fn(), pageCore: null };
  const page = String(pageCore);
  const others = cores.slice(0, -1).join(',');
  const everywhere = cores.join(',');
  /** Threads moved, by thread id: the core list they were given. */
  const moved = new Map();
  /** @type {Map<number, (tid: number) => boolean>} */
  const kinds = new Map();
  const place = async () => {
    const moves = [];
    for (const pid of processTree(process.pid)) {
      let kind = kinds.get(pid);
      if (!kind) {
        kind = onPageCore(pid, read(`/proc/${pid}/cmdline`));
        kinds.set(pid, kind);
      }
      for (const tid of entries(`/proc/${pid}/task`).map(Number)) {
        const want = kind(tid) ? page : others;
        if (moved.get(tid) === want) continue;
        moved.set(tid, want);
        moves.push(run('taskset', ['-p', '-c', want, String(tid)]).catch(() => undefined));
      }
    }
    await Promise.all(moves);
  };
  let polling = true;
  await place();
  const poll = (async () => {
    while (polling) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      if (polling) await place();
    }
  })();
  try {
    return { result: await fn(), pageCore };
  } finally {
    polling = false;
    await poll;
    await Promise.all(
      [...moved.keys()].map((tid) =>
        run('taskset', ['-p', '-c', everywhere, String(tid)]).catch(() => undefined),
      ),
    );
  }
}

module.exports = { onOwnCore, allowedCores, processTree };
