// @ts-check
/**
 * `npm run bench`: builds for production, serves the composed site as `npm start` does, runs
 * Lighthouse (mobile and desktop presets, Debian's Chromium) on /, /about and /contact three
 * times each, and writes reports/bench.json and reports/bench.md with the medians and, per
 * route, the JavaScript each app and shared library costs.
 *
 *   node scripts/bench.mjs [--no-build] [--runs N]
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import chromium from './lib/chromium.cjs';
import paths from './lib/paths.cjs';
import processes from './lib/processes.cjs';
import stack from './lib/stack.cjs';
import weight from './lib/javascript-weight.cjs';

const args = process.argv.slice(2);
/** @param {string} flag */
const option = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
// --routes /,/about and --presets mobile narrow a run while investigating.
const routes = (option('--routes') ?? '/,/about,/contact').split(',');
const presets = /** @type {Array<'mobile' | 'desktop'>} */ (
  (option('--presets') ?? 'mobile,desktop').split(',')
);
const runs = Number(option('--runs')) || 3;
const base = Number(process.env.BENCH_PORT_BASE ?? 4300);
const ports = stack.portsFrom(base);
const appByPort = new Map(Object.entries(ports).map(([id, port]) => [String(port), id]));

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The file a request was served from, so its bytes can be weighed as the budget test does.
 * @param {string} url
 */
function servedFile(url) {
  const { port, pathname } = new URL(url);
  const app = appByPort.get(port);
  if (!app) return null;
  const file = path.join(paths.distOf(app), decodeURIComponent(pathname));
  return fs.existsSync(file) ? file : null;
}

/**
 * One Lighthouse run in a fresh browser profile (a first-time visitor's cold cache).
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 */
async function measure(url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: chromium.chromiumFlags,
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const audit = (/** @type {string} */ id) => lhr.audits[id];
    /** @type {Array<{ url: string; transferSize: number; resourceType: string }>} */
    const requests = /** @type {any} */ (audit('network-requests')?.details)?.items ?? [];
    const lcpItems = /** @type {any} */ (audit('largest-contentful-paint-element')?.details)?.items;
    const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
      fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? 0),
      tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
      cls: Number((audit('cumulative-layout-shift')?.numericValue ?? 0).toFixed(4)),
      lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} ${lcpNode.snippet ?? ''}`.trim() : 'n/a',
      requests,
      runWarnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/** @param {Awaited<ReturnType<typeof measure>>['requests']} requests */
function javascriptOf(requests) {
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ request, file: servedFile(request.url) }))
    .filter((entry) => entry.file !== null);
  const weighed = weight.weighJavaScript(
    scripts.map(({ request, file }) => ({
      url: request.url,
      body: fs.readFileSync(/** @type {string} */ (file)),
    })),
    ports,
  );
  return {
    ...weighed,
    transferredBytes: scripts.reduce((sum, { request }) => sum + request.transferSize, 0),
  };
}

const { onShutdown, shutdown, stopOnSignals } = processes;
stopOnSignals();
try {
  if (!args.includes('--no-build')) await stack.buildApps();
  const site = await stack.serveSite({ ports });
  onShutdown(() => site.close());

  /** @type {any[]} */
  const results = [];
  for (const route of routes) {
    for (const preset of presets) {
      /** @type {Awaited<ReturnType<typeof measure>>[]} */
      const samples = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stdout.write(`Lighthouse ${preset} ${route} run ${run}/${runs}… `);
        const sample = await measure(new URL(route, site.url).toString(), preset);
        console.log(`score ${sample.score}, LCP ${sample.lcpMs} ms`);
        samples.push(sample);
      }
      const last = /** @type {Awaited<ReturnType<typeof measure>>} */ (samples.at(-1));
      results.push({
        route,
        preset,
        runs: samples.length,
        median: {
          score: median(samples.map((s) => s.score)),
          lcpMs: median(samples.map((s) => s.lcpMs)),
          fcpMs: median(samples.map((s) => s.fcpMs)),
          tbtMs: median(samples.map((s) => s.tbtMs)),
          cls: median(samples.map((s) => s.cls)),
        },
        samples: samples.map(({ requests, ...rest }) => ({
          ...rest,
          requestCount: requests.length,
        })),
        lcpElement: last.lcpElement,
        requests: last.requests.length,
        javascript: javascriptOf(last.requests),
      });
    }
  }

  const reports = path.join(paths.repoRoot, 'reports');
  fs.mkdirSync(reports, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    command: `node scripts/bench.mjs${args.length ? ` ${args.join(' ')}` : ''}`,
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
      .version,
    results,
  };
  fs.writeFileSync(path.join(reports, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(reports, 'bench.md'), renderMarkdown(report));
  console.log(`\nWrote reports/bench.md and reports/bench.json`);
  await shutdown(0);
} catch (error) {
  console.error(error);
  await shutdown(1);
}

/** @param {any} report */
function renderMarkdown(report) {
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  const targets = { score: 95, lcpMs: 2000, tbtMs: 100, cls: 0.02, jsKB: 170 };
  const lines = [
    '# Performance benchmark',
    '',
    `Generated ${report.generatedAt} by \`${report.command}\` (Lighthouse ${report.lighthouse}, Debian Chromium, ${report.machine.cpus} cores, Node ${report.machine.node}). Medians of ${report.results[0]?.runs ?? 0} cold runs per row; the mobile preset simulates a mid-range phone on slow 4G.`,
    '',
    '## Web vitals (medians)',
    '',
    '| route | preset | score | LCP | FCP | TBT | CLS | requests | JS (gzip) | react-dom copies | federation runtimes | LCP element |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of report.results) {
    lines.push(
      `| ${r.route} | ${r.preset} | ${r.median.score} | ${(r.median.lcpMs / 1000).toFixed(2)} s | ${(r.median.fcpMs / 1000).toFixed(2)} s | ${r.median.tbtMs} ms | ${r.median.cls} | ${r.requests} | ${kb(r.javascript.totalGzipBytes)} KB | ${r.javascript.reactDomCopies} | ${r.javascript.federationRuntimeCopies} | ${String(r.lcpElement).replace(/\|/g, '\\|').slice(0, 80)} |`,
    );
  }
  lines.push('', '## JavaScript per route (gzip level 9, by owner)', '');
  for (const r of report.results.filter((/** @type {any} */ x) => x.preset === 'mobile')) {
    lines.push(`### ${r.route}`, '', '| owner | KB |', '| --- | --- |');
    for (const [owner, bytes] of Object.entries(r.javascript.byOwner).sort(
      (a, b) => Number(b[1]) - Number(a[1]),
    )) {
      lines.push(`| ${owner} | ${kb(Number(bytes))} |`);
    }
    lines.push(
      `| **total** | **${kb(r.javascript.totalGzipBytes)}** |`,
      '',
      `Transferred as served (brotli/gzip as negotiated): ${kb(r.javascript.transferredBytes)} KB in ${r.javascript.scriptRequests} scripts; firebase SDK downloaded: ${r.javascript.firebase ? 'yes' : 'no'}.`,
      '',
    );
  }
  lines.push(
    '## Targets (mobile preset)',
    '',
    '| route | score ≥ 95 | LCP ≤ 2.0 s | TBT ≤ 100 ms | CLS ≤ 0.02 | JS on / ≤ 170 KB | one react-dom | one runtime |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  const ok = (/** @type {boolean} */ pass, /** @type {string} */ value) =>
    `${pass ? '✅' : '❌'} ${value}`;
  for (const r of report.results.filter((/** @type {any} */ x) => x.preset === 'mobile')) {
    lines.push(
      `| ${r.route} | ${ok(r.median.score >= targets.score, String(r.median.score))} | ${ok(r.median.lcpMs <= targets.lcpMs, `${(r.median.lcpMs / 1000).toFixed(2)} s`)} | ${ok(r.median.tbtMs <= targets.tbtMs, `${r.median.tbtMs} ms`)} | ${ok(r.median.cls <= targets.cls, String(r.median.cls))} | ${r.route === '/' ? ok(r.javascript.totalGzipBytes / 1024 <= targets.jsKB, `${kb(r.javascript.totalGzipBytes)} KB`) : '—'} | ${ok(r.javascript.reactDomCopies === 1, String(r.javascript.reactDomCopies))} | ${ok(r.javascript.federationRuntimeCopies === 1, String(r.javascript.federationRuntimeCopies))} |`,
    );
  }
  /** @type {string[]} */
  const misses = [];
  for (const r of report.results.filter((/** @type {any} */ x) => x.preset === 'mobile')) {
    const m = r.median;
    if (m.score < targets.score)
      misses.push(`${r.route}: performance ${m.score} (target ≥ ${targets.score})`);
    if (m.lcpMs > targets.lcpMs)
      misses.push(`${r.route}: LCP ${(m.lcpMs / 1000).toFixed(2)} s (target ≤ 2.0 s)`);
    if (m.tbtMs > targets.tbtMs)
      misses.push(`${r.route}: TBT ${m.tbtMs} ms (target ≤ ${targets.tbtMs} ms)`);
    if (m.cls > targets.cls) misses.push(`${r.route}: CLS ${m.cls} (target ≤ ${targets.cls})`);
    if (r.route === '/' && r.javascript.totalGzipBytes / 1024 > targets.jsKB)
      misses.push(
        `/: ${kb(r.javascript.totalGzipBytes)} KB of JavaScript (target ≤ ${targets.jsKB} KB)`,
      );
  }
  lines.push('', '## Missed targets', '');
  lines.push(...(misses.length ? misses.map((miss) => `- ${miss}`) : ['None.']));
  // What stands in the way is a judgement, written by hand beside the script.
  const analysis = path.join(paths.repoRoot, 'reports', 'analysis.md');
  if (fs.existsSync(analysis)) lines.push('', fs.readFileSync(analysis, 'utf8').trim());
  lines.push('');
  return `${lines.join('\n')}\n`;
}
