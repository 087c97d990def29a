// @ts-check
/**
 * Where a first visit's long tasks go: serves the existing production build, visits each route
 * cold on the bench's phone (4x CPU, slow 4G) with a Chrome trace and V8's sampler on, and prints
 * every task over 50 ms after the first contentful paint with what ran inside it (the trace's
 * own events: script evaluation by file, style, layout, timers, microtasks) and the JavaScript
 * functions sampled most in it. A diagnostic for deciding what to split, not a figure to track:
 * `npm run bench` measures.
 */
import args from '../cli/args.cjs';
import stack from '../stack/stack.cjs';
import env from '../cli/env.cjs';
import trace from './interaction-trace.cjs';

const usage = `Usage: node tools/bench/long-task-sources.mjs [--routes /,/about] [--runs N]

  --routes LIST   the routes to visit (default /,/about,/contact)
  --runs N        cold visits per route (default 1)
  --help          show this help

  Serves the existing production build (npm run build first) on BENCH_PORT_BASE (default 4300).
`;

const { string: str, help } = args.parseCommandLine(
  process.argv.slice(2),
  { routes: { type: 'string' }, runs: { type: 'string' } },
  usage,
);
if (help) {
  console.log(usage);
  process.exit(0);
}
const routes = (str('routes') ?? '/,/about,/contact').split(',');
const runs = Number(str('runs')) || 1;

/**
 * @typedef {import('./interaction-trace.cjs').TraceEvent} TraceEvent
 * @typedef {{ id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }} ProfileNode
 */

/** @param {string} url */
const shortUrl = (url) => url.replace(/^https?:\/\/[^/]+/, '') || '(inline)';

/**
 * The main thread's samples, as [time, node id], and the profile's nodes by id.
 * @param {TraceEvent[]} events
 * @param {TraceEvent} anchor an event of the main thread
 */
function samplesOf(events, anchor) {
  const profile = events.find(
    (e) => e.name === 'Profile' && e.pid === anchor.pid && e.tid === anchor.tid,
  );
  /** @type {Map<number, ProfileNode>} */
  const nodes = new Map();
  /** @type {Array<[number, number]>} */
  const samples = [];
  if (!profile) return { nodes, samples };
  let time = profile.args.data.startTime;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((/** @type {number} */ id, /** @type {number} */ i) => {
      time += timeDeltas[i] ?? 0;
      samples.push([time, id]);
    });
  }
  return { nodes, samples };
}

/**
 * Every task over 50 ms after the first contentful paint, with what ran in it.
 * @param {TraceEvent[]} events
 */
function longTasksOf(events) {
  const fcp = trace.firstContentfulPaint(events);
  if (!fcp) return { fcpMs: NaN, tasks: [] };
  // The page's navigation start (in blink.user_timing), the origin of the page's own times.
  const origin =
    events.find(
      (e) =>
        e.name === 'navigationStart' && e.args?.data?.navigationId === fcp.args?.data?.navigationId,
    )?.ts ?? fcp.ts;
  const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
  const { nodes, samples } = samplesOf(events, fcp);
  /** @param {ProfileNode} node */
  const label = ({ callFrame: c }) =>
    `${c.functionName || '(anonymous)'} ${shortUrl(c.url)}:${c.lineNumber + 1}:${c.columnNumber + 1}`;
  const tasks = [];
  const long = main.filter(
    (e) => /RunTask$/.test(e.name) && (e.dur ?? 0) > trace.blockingMs * 1000,
  );
  for (const task of trace.outermost(long)) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (taskEnd < fcp.ts) continue;
    const inside = main.filter(
      (e) =>
        e !== task &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= taskEnd &&
        (e.dur ?? 0) >= 5000 &&
        /^(EvaluateScript|v8\.compile|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|ParseHTML|UpdateLayoutTree|Layout|Paint|MajorGC|MinorGC|FireAnimationFrame)$/.test(
          e.name,
        ),
    );
    /** @type {Map<string, number>} */
    const self = new Map();
    for (const [time, id] of samples) {
      const node = nodes.get(id);
      if (time < task.ts || time > taskEnd || !node || !node.callFrame.url) continue;
      self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    }
    tasks.push({
      atMs: Math.round((task.ts - origin) / 1000),
      durationMs: Math.round((task.dur ?? 0) / 1000),
      events: inside.map(
        (e) =>
          `${e.name}${e.args?.data?.url ? ` ${shortUrl(e.args.data.url)}` : ''} ${Math.round((e.dur ?? 0) / 1000)} ms`,
      ),
      functions: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5),
    });
  }
  return { fcpMs: Math.round((fcp.ts - origin) / 1000), tasks };
}

const site = await stack.serveSite({ ports: stack.portsFrom(env.port('BENCH_PORT_BASE')) });
const browser = await trace.launchForTraces();
try {
  for (const route of routes)
    for (let run = 1; run <= runs; run++) {
      const visited = await trace.tracedVisit(browser, new URL(route, site.url).href, {
        cpu: true,
        categories: [
          ...trace.timelineCategories,
          'v8.execute',
          'blink.user_timing',
          'disabled-by-default-v8.cpu_profiler',
        ],
        settleMs: 3000,
      });
      const { fcpMs, tasks } = longTasksOf(JSON.parse(visited.toString('utf8')).traceEvents);
      console.log(`\n${route}, visit ${run}: first contentful paint at ${fcpMs} ms`);
      for (const task of tasks) {
        console.log(`  task at ${task.atMs} ms, ${task.durationMs} ms`);
        for (const event of task.events.slice(0, 8)) console.log(`    ${event}`);
        for (const [name, count] of task.functions) console.log(`    ${count} samples  ${name}`);
      }
      if (!tasks.length) console.log('  no task over 50 ms');
    }
} finally {
  await browser.close();
  await site.close();
}
