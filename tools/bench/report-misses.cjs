// @ts-check
const { targets } = require('./figures.cjs');

/**
 * Every target the report's figures miss, one line each.
 * @param {any} report
 * @param {(ms: number) => string} seconds
 */
function missedTargets(report, seconds) {
  /** @type {any[]} */
  const mobile = (report.results ?? []).filter((/** @type {any} */ r) => r.preset === 'mobile');
  const floor = report.floor?.median ? report.floor : null;
  const loadReport = report.load;
  const lcpTarget = `${targets.lcpMs / 1000} s`;
  /** @type {string[]} */
  const misses = [];
  for (const r of mobile) {
    const m = r.median;
    if (m.score < targets.score)
      misses.push(`${r.route}: performance ${m.score} (target ≥ ${targets.score})`);
    if (m.lcpMs > targets.lcpMs)
      misses.push(`${r.route}: LCP ${seconds(m.lcpMs)} (target ≤ ${lcpTarget})`);
    if (typeof r.lcpToFloor === 'number' && r.lcpToFloor > targets.lcpToFloor)
      misses.push(
        `${r.route}: LCP ${r.lcpToFloor.toFixed(2)}× the floor's ${seconds(floor?.median.lcpMs ?? 0)} (target ≤ ${targets.lcpToFloor}×)`,
      );
    const over = (r.samples ?? []).filter((/** @type {any} */ s) => s.tbtMs > targets.tbtMs);
    if (over.length)
      misses.push(
        `${r.route}: TBT over ${targets.tbtMs} ms in ${over.length} of ${r.samples.length} runs (${over.map((/** @type {any} */ s) => `${s.tbtMs} ms`).join(', ')}; target: every run)`,
      );
    if (m.cls > targets.cls) misses.push(`${r.route}: CLS ${m.cls} (target ≤ ${targets.cls})`);
    if (r.route === '/' && r.javascript.totalGzipBytes / 1024 > targets.homeJavaScriptKB)
      misses.push(
        `/: ${(r.javascript.totalGzipBytes / 1024).toFixed(1)} KB of JavaScript (gzip) before any interaction (target ≤ ${targets.homeJavaScriptKB} KB)`,
      );
    if (r.javascript.reactDomCopies !== 1)
      misses.push(`${r.route}: ${r.javascript.reactDomCopies} copies of react-dom (target 1)`);
    if (r.javascript.federationRuntimeCopies !== 1)
      misses.push(
        `${r.route}: ${r.javascript.federationRuntimeCopies} federation runtimes (target 1)`,
      );
  }
  const current = Object.entries(report.interaction?.routes ?? {}).flatMap(([route, byVariant]) =>
    /** @type {any} */ (byVariant)['this build']
      ? [[route, /** @type {any} */ (byVariant)['this build']]]
      : [],
  );
  for (const [route, v] of current) {
    if (v.tapsLostMax > targets.tapsLost)
      misses.push(`${route}: ${v.tapsLostMax} taps lost (target 0)`);
    if (v.firstTapAfterPaintMs === null || v.firstTapAfterPaintMs > targets.firstTapAfterPaintMs)
      misses.push(
        `${route}: first working tap ${v.firstTapAfterPaintMs ?? '—'} ms after Menu's paint (target ≤ ${targets.firstTapAfterPaintMs} ms)`,
      );
    if ((v.tbtCpuMs ?? Infinity) > targets.tbtCpuMs)
      misses.push(`${route}: CPU-time TBT ${v.tbtCpuMs} ms (target ≤ ${targets.tbtCpuMs} ms)`);
    if (v.longestTaskCpuMsMax > targets.longestTaskCpuMs)
      misses.push(
        `${route}: a task of ${v.longestTaskCpuMsMax} ms at 4x in the worst visit (target ≤ ${targets.longestTaskCpuMs} ms)`,
      );
    const longTasks = v.longTasks;
    if (longTasks?.withScriptsVisits)
      misses.push(
        `${route}: a task over 50 ms running the page's scripts in ${longTasks.withScriptsVisits} of ${longTasks.durationsMs.length} calibrated visits (longest ${longTasks.withScriptsLongestMsMax} ms; target: none)`,
      );
    for (const [name, ms] of Object.entries(v.nextPaintMs))
      if (ms === null || Number(ms) > targets.nextPaintMs)
        misses.push(
          `${route}: next paint of ${name} ${ms ?? '—'} ms (target ≤ ${targets.nextPaintMs} ms)`,
        );
    const js = v.lighthouse?.javascriptGzipBytes;
    if (route === '/' && typeof js === 'number' && js / 1024 > targets.homeJavaScriptKB)
      misses.push(
        `/: ${(js / 1024).toFixed(1)} KB of JavaScript (gzip) (target ≤ ${targets.homeJavaScriptKB} KB)`,
      );
  }
  if (loadReport && !(loadReport.cached.p99Ms < targets.cachedP99Ms))
    misses.push(
      `render server: p99 ${loadReport.cached.p99Ms} ms for cached HTML under load (target < ${targets.cachedP99Ms} ms)`,
    );
  return misses;
}

module.exports = { missedTargets };
