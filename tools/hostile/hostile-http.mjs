// @ts-check
/**
 * `npm run hostile`: what an attacker's requests do to the render server of the composed
 * production build (built first unless --no-build). Sends the hostile cases the HTTP tests use
 * (ranges, conditional requests, codings, every spelling of a page's address), checking after
 * each that `/` still answers 200; then 20,000 made-up path variants and 20,000 query strings,
 * sampling the render server's memory (resident set size) throughout. Writes the section
 * "Hostile requests" of reports/reliability.md.
 *
 *   node tools/hostile/hostile-http.mjs [--no-build] [--requests N]
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import hostile from './hostile-requests.cjs';
import paths from '../stack/paths.cjs';
import processes from '../processes/processes.cjs';
import reportSections from '../reports/report-sections.cjs';
import stack from '../stack/stack.cjs';
import args from '../cli/args.cjs';
import env from '../cli/env.cjs';

const usage = `Usage: node tools/hostile/hostile-http.mjs [--no-build] [--requests N]

  --no-build    use the last production build
  --requests N  made-up path variants and query strings to send, each (default 20000)
  --help        show this help
`;
const options = args.parseArgsOrExit(
  process.argv.slice(2),
  { 'no-build': { type: 'boolean' }, requests: { type: 'string' } },
  usage,
);
const count = Number(options.requests) || 20_000;
const ports = stack.portsFrom(env.port('HOSTILE_PORT_BASE'));
const concurrency = 20;

/** Resident memory of a process, in MB (Linux). @param {number} pid */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Sends `targets` with `concurrency` at a time over kept-alive connections; counts statuses.
 * @param {string} origin @param {(i: number) => string} target @param {number} n
 */
async function flood(origin, target, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const { hostname, port } = new URL(origin);
  /** @type {Record<string, number>} */
  const statuses = {};
  let next = 0;
  const one = (/** @type {string} */ p) =>
    new Promise((resolve) => {
      const req = http.get({ hostname, port, path: p, agent }, (res) => {
        statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve(undefined);
      });
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await one(target(next++));
    }),
  );
  agent.destroy();
  return { statuses, seconds: (Date.now() - started) / 1000 };
}

/**
 * Peak and last memory of `pid` while `work` runs, sampled every 100 ms.
 * @template T
 * @param {number} pid
 * @param {() => Promise<T>} work
 */
async function sampled(pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    const result = await work();
    return { result, peak, after: rssMb(pid) };
  } finally {
    clearInterval(timer);
  }
}

/** Path variants nobody links to: made-up pages, dot segments, encoded `?`, odd spellings. */
const variant = (/** @type {number} */ i) =>
  [`/nope-${i}`, `/x${i}/../about`, `/about%3F${i}`, `/About${'/'.repeat((i % 50) + 1)}?v=${i}`][
    i % 4
  ] ?? '/';

processes.stopOnSignals();
try {
  if (options['no-build'] !== true) await stack.buildApps();
  const site = await stack.serveSite({ ports });
  processes.onShutdown(() => site.close());
  const origin = site.url.replace(/\/$/, '');
  const pid = site.pidOf('shell');
  if (!pid) throw new Error('No render server process');

  const shellDist = paths.distOf('shell');
  const script = fs
    .readdirSync(shellDist)
    .find(
      (name) =>
        /\.[0-9a-f]{8}\.js$/.test(name) && fs.existsSync(path.join(shellDist, `${name}.br`)),
    );
  if (!script) throw new Error('The shell build has no compressed hashed script');
  const bytes = fs.readFileSync(path.join(shellDist, script));
  const first = await hostile.rawRequest(origin, `/${script}`, {
    headers: { 'Accept-Encoding': 'identity' },
  });
  const etag = String(first.headers.etag);
  const cases = [
    ...hostile.fileCases(`/${script}`, () => etag),
    ...hostile.encodingCases(`/${script}`),
  ];
  const rows = [];
  let stillServing = 0;
  for (const c of cases) {
    const answer = await hostile.rawRequest(origin, c.path, {
      method: c.method,
      headers: c.headers,
    });
    const wrong = c.check(answer, bytes);
    const home = await hostile.rawRequest(origin, '/');
    if (home.status === 200) stillServing += 1;
    rows.push(
      `| ${c.name} | ${answer.status}${answer.headers['content-encoding'] ? ` (${answer.headers['content-encoding']})` : ''} | ${wrong ? `❌ ${wrong}` : '✅'} |`,
    );
  }
  for (const [target, expected] of /** @type {const} */ ([
    ['/ABOUT', 301],
    ['//about', 301],
    ['/x/../about', 301],
    ['/about/', 301],
    ['/%61bout', 301],
    ['/about%3Fx', 404],
    ['/%3F', 404],
    ['/about%23x', 404],
    ['/about%2Fcontact', 404],
    ['/%E0%A4%A', 404],
    ['/about?utm_source=x', 200],
  ])) {
    const answer = await hostile.rawRequest(origin, target);
    const home = await hostile.rawRequest(origin, '/');
    if (home.status === 200) stillServing += 1;
    const location = answer.headers.location ? ` → ${answer.headers.location}` : '';
    rows.push(
      `| page address \`${target}\` | ${answer.status}${location} | ${answer.status === expected ? '✅' : `❌ expected ${expected}`} |`,
    );
  }
  const total = rows.length;

  await hostile.rawRequest(origin, '/about');
  const before = rssMb(pid);
  const variants = await sampled(pid, () => flood(origin, variant, count));
  const queries = await sampled(pid, () =>
    flood(origin, (i) => `/about?q=${i}&utm_campaign=c${i}`, count),
  );
  // A third round of new variants: memory that a bound holds stays where the first two left it.
  const again = await sampled(pid, () => flood(origin, (i) => variant(i + count), count));
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const settled = rssMb(pid);
  const samePid = site.pidOf('shell') === pid;

  const mb = (/** @type {number} */ n) => `${n.toFixed(0)} MB`;
  const statusList = (/** @type {Record<string, number>} */ s) =>
    Object.entries(s)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  const section = [
    `Generated ${new Date().toISOString()} by \`npm run hostile\` (tools/hostile/hostile-http.mjs) against the render server of the composed production build on this machine; the same cases run in \`npm test\` against both servers (tests/browser/hostile-http.test.ts, tools/stack/__tests__/static-server-hostile.test.ts).`,
    '',
    `${total} hostile requests; after each one the server answered \`/\` with 200: ${stillServing} of ${total}. The render server process was ${samePid ? 'the same one throughout (never restarted)' : 'RESTARTED during the run'}.`,
    '',
    '| request | answer | as HTTP says |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '### Memory under made-up addresses',
    '',
    `Pages are kept by version set and canonical route path (every unknown path shares one kept 404 page; other spellings of a page are 301s, never rendered), in an LRU of at most 64 pages; the last good render per route likewise; remote fonts in an LRU of 32 (a missing one is remembered 60 s). The query string is never part of a key.`,
    '',
    '| phase | requests | answers | time | render server memory (RSS) |',
    '| --- | --- | --- | --- | --- |',
    `| before | | | | ${mb(before)} |`,
    `| path variants (\`/nope-N\`, \`/xN/../about\`, \`/about%3FN\`, \`/About//…?v=N\`) | ${count} | ${statusList(variants.result.statuses)} | ${variants.result.seconds.toFixed(1)} s | peak ${mb(variants.peak)}, after ${mb(variants.after)} |`,
    `| query strings (\`/about?q=N&utm_campaign=cN\`) | ${count} | ${statusList(queries.result.statuses)} | ${queries.result.seconds.toFixed(1)} s | peak ${mb(queries.peak)}, after ${mb(queries.after)} |`,
    `| ${count} more, new path variants | ${count} | ${statusList(again.result.statuses)} | ${again.result.seconds.toFixed(1)} s | peak ${mb(again.peak)}, after ${mb(again.after)} |`,
    `| 5 s later | | | | ${mb(settled)} |`,
    '',
    `Before this work, 12,268 variants of \`/about///…\` took the render server from 271 MB to 980 MB in 19 s (862 MB two minutes later), and one \`Range: bytes=10-5\` ended the process.`,
  ].join('\n');
  reportSections.writeReportSections(path.join(paths.repoRoot, 'reports', 'reliability.md'), {
    sections: { 'Hostile requests': section },
  });
  console.log(section);
  await processes.shutdown(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await processes.shutdown(1);
}
