// @ts-check
/**
 * The emulated phone's main thread on a core of its own. CDP's CPU throttling makes the page's
 * main thread busy-wait in proportion to the time it ran, so a throttled page holds a core for
 * the whole visit. On a host of few cores, everything else the bench runs then takes turns on
 * that core: the bench and Playwright, the local servers (a phone's are across the network), the
 * browser's other processes and the renderer's own other threads (compositor, raster, video
 * decoding, V8's helpers; a phone runs all of them on its other cores). Each turn lengthens the
 * task the page is running, as the page's own clock sees it.
 *
 * While `onOwnCore(fn)` runs, each renderer's main thread of this process tree runs on the last
 * core alone and every other thread of the tree on the others. A renderer is forked by
 * Chromium's zygote and inherits its affinity, so the zygotes are put on that core and a new
 * renderer's main thread starts there; the threads it starts are moved off as they appear
 * (every `pollMs`). Only the browsers already running are placed so: a browser launched inside
 * runs where its launcher does. The calibration taken inside measures that core too. Linux
 * only (/proc and util-linux's taskset); with one core or elsewhere, `fn` runs as it is.
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
 * The Chromium process type of `pid` (its command line says `--type=`; Chromium rewrites a
 * forked process's title, so its arguments are then separated by spaces), '' for another.
 */
function typeOf(/** @type {number} */ pid) {
  return /(?:^|[\0 ])--type=([a-z-]+)/.exec(read(`/proc/${pid}/cmdline`))?.[1] ?? '';
}

/** Gives every thread of every process of this process tree `coresOf(pid)`. */
async function placeTree(/** @type {(pid: number) => string} */ coresOf) {
  await Promise.all(
    processTree(process.pid).map((pid) =>
      // A process that has just exited is on no core.
      run('taskset', ['-a', '-p', '-c', coresOf(pid), String(pid)]).catch(() => undefined),
    ),
  );
}

/**
 * Runs `fn` with each renderer's main thread of this process tree on the last core alone and
 * every other thread of the tree on the other cores; allows every thread of the tree every core
 * again afterwards.
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
  /** @type {number[]} */
  const zygotes = [];
  await placeTree((pid) => {
    if (typeOf(pid) !== 'zygote') return others;
    zygotes.push(pid);
    return page;
  });
  /** The core list each renderer thread was given, by thread id. */
  const placed = new Map();
  // Renderers are the zygotes' descendants; a thread of any other process starts on the others.
  const placeRenderers = () =>
    Promise.all(
      zygotes
        .flatMap(processTree)
        .filter((pid) => typeOf(pid) === 'renderer')
        .flatMap((pid) =>
          entries(`/proc/${pid}/task`).map(async (task) => {
            const tid = Number(task);
            const want = tid === pid ? page : others;
            if (placed.get(tid) === want) return;
            placed.set(tid, want);
            await run('taskset', ['-p', '-c', want, task]).catch(() => undefined);
          }),
        ),
    );
  let polling = true;
  await placeRenderers();
  const poll = (async () => {
    while (polling) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      if (polling) await placeRenderers();
    }
  })();
  try {
    return { result: await fn(), pageCore };
  } finally {
    polling = false;
    await poll;
    // Also the processes started meanwhile: a renderer Chromium keeps ready for the next page.
    await placeTree(() => cores.join(','));
  }
}

module.exports = { onOwnCore, allowedCores, processTree };
