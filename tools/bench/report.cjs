// @ts-check
const fs = require('node:fs');
const path = require('node:path');
const paths = require('../stack/paths.cjs');
const { targets } = require('./figures.cjs');
const { commandOf } = require('./options.cjs');
const { interactionSection } = require('./report-interaction.cjs');
const { missedTargets } = require('./report-misses.cjs');

/**
 * Every Lighthouse run one by one, not only the medians: one slow run in five is what a visitor
 * meets one time in five. Beside each, the machine's load average when it ended.
 * @param {any[]} results
 */
function runByRun(results) {
  const withRuns = results.filter((r) => Array.isArray(r.samples) && r.samples.length);
  if (!withRuns.length) return [];
  const lines = [
    '',
    '## Lighthouse runs one by one',
    '',
    "Each run with the host speed Lighthouse measured at its start (`benchmarkIndex`) and the CPU multiplier it ran at; for the calibrated phone (`mobile`), the benchmarkIndex readings taken just before the run that chose it: max(1, median / 450). **Main thread after FCP**: in the trace Lighthouse observed (full speed, the page on this host) and simulates from, the time the page's main thread spent in tasks after the first contentful paint, by the clock and in its own CPU time. The simulation multiplies the clock time; where it is well above the CPU time, the thread was waiting inside its tasks (for another thread or for a core) and the run's TBT says more about the host than about the page. **TBT from CPU time**: the blocking time the same tasks add up to at the run's multiplier if each lasts its own CPU time (what the page asks of the phone), beside the run's longest task after FCP by the clock and its CPU time.",
    '',
    '| route | preset | run | score | LCP | TBT | CLS | benchmarkIndex | CPU | readings before the run | load average (1 min) | main thread after FCP: clock / CPU | TBT from CPU time | longest task: clock / CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of withRuns)
    r.samples.forEach((/** @type {any} */ s, /** @type {number} */ i) =>
      lines.push(
        `| ${r.route} | ${r.preset} | ${i + 1} | ${s.score} | ${(s.lcpMs / 1000).toFixed(2)} s | ${s.tbtMs} ms | ${s.cls} | ${s.benchmarkIndex ?? '—'} | ${typeof s.cpuSlowdown === 'number' ? `${s.cpuSlowdown}x` : '—'} | ${s.calibration ? s.calibration.readings.join(', ') : '—'} | ${typeof s.loadAverage === 'number' ? s.loadAverage.toFixed(2) : '—'} | ${s.mainThread ? `${s.mainThread.wallMs} / ${s.mainThread.cpuMs} ms` : '—'} | ${typeof s.mainThread?.cpuBlockingMs === 'number' ? `${s.mainThread.cpuBlockingMs} ms` : '—'} | ${s.mainThread?.longest ? `${s.mainThread.longest.wallMs} / ${s.mainThread.longest.cpuMs} ms` : '—'} |`,
      ),
    );
  return lines;
}

/** The slowest run's TBT. @param {any} result */
const worstTbt = (result) =>
  Math.max(...(result.samples ?? []).map((/** @type {any} */ s) => s.tbtMs));

/** How many runs kept TBT within the target. @param {any} result */
const tbtWithin = (result) =>
  (result.samples ?? []).filter((/** @type {any} */ s) => s.tbtMs <= targets.tbtMs).length;

/** Where the benchmark writes: reports/bench.json and reports/bench.md. */
const reports = path.join(paths.repoRoot, 'reports');

/** @param {any} report */
function renderMarkdown(report) {
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
  const ok = (/** @type {boolean} */ pass, /** @type {string} */ value) =>
    `${pass ? '✅' : '❌'} ${value}`;
  const cell = (/** @type {unknown} */ text) =>
    String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 80);
  /** @type {any[]} */
  const results = report.results ?? [];
  const mobile = results.filter((r) => r.preset === 'mobile');
  const floor = report.floor?.median ? report.floor : null;
  /** @type {Record<string, any>} */
  const floors = report.floorByPreset ?? (floor ? { mobile: floor } : {});
  const lines = ['# Performance benchmark', ''];
  if (report.generatedAt) {
    lines.push(
      `Generated ${report.generatedAt} by \`${commandOf(report.args)}\` (Lighthouse ${report.lighthouse}, Debian Chromium, ${report.machine.cpus} cores, Node ${report.machine.node}). Medians of ${results[0]?.runs ?? 0} cold runs per row; \`mobile\` is a mid-tier phone on slow 4G with its CPU calibrated to this host (CPU multiplier = max(1, benchmarkIndex / 450), from 3 readings of Lighthouse's benchmarkIndex taken before each run; its trace without the three categories Lighthouse records only for DevTools, the scripts' sources: record 0064), \`mobile-4x\` Lighthouse's default fixed 4x, its trace as Lighthouse records it.`,
    );
  } else {
    lines.push('No Lighthouse results yet: run `node tools/bench/bench.mjs` without `--load`.');
  }
  lines.push(
    '',
    '## Web vitals (medians)',
    '',
    '| route | preset | score | LCP | FCP | TBT | CLS | requests | JS (gzip) | react-dom copies | federation runtimes | LCP element |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of results) {
    lines.push(
      `| ${r.route} | ${r.preset} | ${r.median.score} | ${seconds(r.median.lcpMs)} | ${seconds(r.median.fcpMs)} | ${r.median.tbtMs} ms | ${r.median.cls} | ${r.requests} | ${kb(r.javascript.totalGzipBytes)} KB | ${r.javascript.reactDomCopies} | ${r.javascript.federationRuntimeCopies} | ${cell(r.lcpElement)} |`,
    );
  }

  lines.push(...runByRun(results));

  lines.push('', '## Floor: the hero headline alone', '');
  if (floor) {
    lines.push(
      `The home page's hero headline as served ("${floor.headline}"), alone in a ${kb(floor.htmlBytes)} KB static HTML page with inline CSS (same background, font stack, size and weight), served by the same render server at \`${floor.path}\` and measured the same way (mobile preset, medians of ${floor.runs} cold runs). No page of this design can paint its headline much sooner on this server, so each route's LCP is compared with it under Targets.`,
      '',
      '| page | preset | score | LCP | FCP | TBT (median, worst) | CLS | requests | LCP element |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...Object.entries(floors).map(
        ([preset, f]) =>
          `| floor | ${preset} | ${f.median.score} | ${seconds(f.median.lcpMs)} | ${seconds(f.median.fcpMs)} | ${f.median.tbtMs} ms, ${worstTbt(f)} ms | ${f.median.cls} | ${f.requests} | ${cell(f.lcpElement)} |`,
      ),
    );
  } else {
    lines.push(`Floor ${report.floor?.problem ?? 'not measured in this run'}.`);
  }

  lines.push('', '## JavaScript per route (gzip level 9, by owner)', '');
  for (const r of mobile) {
    lines.push(`### ${r.route}`, '', '| owner | KB |', '| --- | --- |');
    const chunks =
      /** @type {Array<{ owner: string; file: string; gzipBytes: number }> | undefined} */ (
        r.javascript.chunks
      );
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
    if (chunks?.length)
      lines.push(
        'By chunk:',
        '',
        '| app | chunk | owner | KB |',
        '| --- | --- | --- | --- |',
        // The file's name alone: a build's hashed files are not paths of the repository.
        ...chunks.map(
          (c) =>
            `| ${c.file.split('/')[0]} | ${path.posix.basename(c.file)} | ${c.owner} | ${kb(c.gzipBytes)} |`,
        ),
        '',
      );
  }

  const lcpTarget = `${targets.lcpMs / 1000} s`;
  lines.push(
    '## Targets (calibrated phone, `mobile`)',
    '',
    `LCP and TBT also as ratios to the floor page measured in the same run on the same profile (its median TBT is the host's own share: the floor runs no script).`,
    '',
    `| route | score ≥ ${targets.score} | LCP ≤ ${lcpTarget} | LCP ≤ ${targets.lcpToFloor}× floor | runs with TBT ≤ ${targets.tbtMs} ms | TBT (median, worst) | floor's TBT (median, worst) | CLS ≤ ${targets.cls} | one react-dom | one runtime |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of mobile) {
    const ratio =
      typeof r.lcpToFloor === 'number'
        ? ok(r.lcpToFloor <= targets.lcpToFloor, `${r.lcpToFloor.toFixed(2)}×`)
        : '—';
    const f = floors[r.preset];
    const within = tbtWithin(r);
    lines.push(
      `| ${r.route} | ${ok(r.median.score >= targets.score, String(r.median.score))} | ${ok(r.median.lcpMs <= targets.lcpMs, seconds(r.median.lcpMs))} | ${ratio} | ${ok(within === r.samples.length, `${within} of ${r.samples.length}`)} | ${r.median.tbtMs} ms, ${worstTbt(r)} ms | ${f ? `${f.median.tbtMs} ms, ${worstTbt(f)} ms` : '—'} | ${ok(r.median.cls <= targets.cls, String(r.median.cls))} | ${ok(r.javascript.reactDomCopies === 1, String(r.javascript.reactDomCopies))} | ${ok(r.javascript.federationRuntimeCopies === 1, String(r.javascript.federationRuntimeCopies))} |`,
    );
  }

  lines.push(
    '',
    ...interactionSection(
      report.interaction,
      '## Interaction from the first paint (Chrome traces, phone profile)',
      ok,
      seconds,
      kb,
    ),
  );
  if (report.clientStart)
    lines.push(
      '',
      ...interactionSection(
        report.clientStart,
        '## When the client starts: the choices measured (same build, ?client-start=)',
        ok,
        seconds,
        kb,
      ),
    );

  lines.push('', '## Render server under load', '');
  const loadReport = report.load;
  if (loadReport) {
    const row = (/** @type {string} */ name, /** @type {any} */ l) =>
      `| ${name} | ${l.requestsPerSecond} | ${l.p50Ms} ms | ${l.p99Ms} ms | ${l.requests} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.degraded} | ${l.wholePages?.perSecond ?? '—'} | ${l.wholePages?.p50Ms ?? '—'} ms | ${l.wholePages?.p99Ms ?? '—'} ms |`;
    lines.push(
      `Measured ${loadReport.generatedAt} by \`${commandOf(loadReport.args)}\` with autocannon ${loadReport.autocannon}: ${loadReport.connections} connections for ${loadReport.durationSeconds} s each, GET ${loadReport.path} asking for brotli as a browser does. The load generator and the render server share this machine's ${loadReport.machine.cpus} cores. "Cached HTML" is the site as served (pages kept per set of remote versions); "forced renders" is the render server started with \`PAGE_CACHE=off\`, so every request is a render. Degraded: answers marked \`no-store\` (a part of the page missing, or the last good render served as a fallback); the last three columns count only the whole pages.`,
      '',
      '| case | requests/s | p50 | p99 | requests | errors | timeouts | non-2xx | degraded | whole pages/s | whole p50 | whole p99 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('cached HTML', loadReport.cached),
      row('forced renders', loadReport.forced),
      '',
    );
    for (const [name, l] of [
      ['cached HTML', loadReport.cached],
      ['forced renders', loadReport.forced],
    ]) {
      const share = l.requests ? l.degraded / l.requests : 0;
      if (share > 0.01)
        lines.push(
          `⚠️ ${name}: ${(share * 100).toFixed(1)}% of the answers were degraded, answered at once as fallbacks (the last good render, sent when the render server thinks a remote is down or a render fails): requests/s, p50 and p99 of that row mostly measure fallbacks; the whole-page columns measure ${name === 'cached HTML' ? 'cached pages' : 'renders'}.`,
          '',
        );
    }
    lines.push(
      `Target: p99 for cached HTML under ${targets.cachedP99Ms} ms: ${ok(loadReport.cached.p99Ms < targets.cachedP99Ms, `${loadReport.cached.p99Ms} ms`)}`,
    );
  } else {
    lines.push(
      'Not measured in this run (`--no-load`); `node tools/bench/bench.mjs --load` adds it.',
    );
  }

  const misses = missedTargets(report, seconds);
  lines.push('', '## Missed targets', '');
  lines.push(...(misses.length ? misses.map((miss) => `- ${miss}`) : ['None.']));
  // What stands in the way is a judgement, written by hand beside the script.
  const analysis = path.join(paths.repoRoot, 'reports', 'analysis.md');
  if (fs.existsSync(analysis)) lines.push('', fs.readFileSync(analysis, 'utf8').trim());
  lines.push('');
  return `${lines.join('\n')}\n`;
}

/** Writes reports/bench.json (unless only re-rendering) and reports/bench.md. @param {any} report */
function writeReport(report) {
  fs.mkdirSync(reports, { recursive: true });
  fs.writeFileSync(path.join(reports, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(reports, 'bench.md'), renderMarkdown(report));
}

/** The report of the last run, if there is one. */
function previousReport() {
  const previous = path.join(reports, 'bench.json');
  return fs.existsSync(previous) ? JSON.parse(fs.readFileSync(previous, 'utf8')) : null;
}

/** Writes reports/bench.md again from reports/bench.json (after editing analysis.md). */
function renderAgain() {
  const json = path.join(reports, 'bench.json');
  fs.writeFileSync(
    path.join(reports, 'bench.md'),
    renderMarkdown(JSON.parse(fs.readFileSync(json, 'utf8'))),
  );
}

module.exports = { writeReport, previousReport, renderAgain, renderMarkdown };
