// @ts-check
const { targets } = require('./figures.cjs');
const { commandOf } = require('./options.cjs');

/**
 * The trace-based section: per route, this build (and the earlier one, if measured) side by side.
 * @param {any} interaction
 * @param {string} title
 * @param {(pass: boolean, value: string) => string} ok
 * @param {(ms: number) => string} seconds
 * @param {(bytes: number) => string} kb
 */
function interactionSection(interaction, title, ok, seconds, kb) {
  const lines = [title, ''];
  if (!interaction) {
    lines.push('Not measured in this run (`--no-taps`).');
    return lines;
  }
  const load = (/** @type {number[]} */ l) => l.map((v) => v.toFixed(2)).join(' / ');
  lines.push(
    `Measured ${interaction.generatedAt} by \`${commandOf(interaction.args)}\`: medians of ${interaction.runs} cold visits per route and build, 390 x 844 touch, CDP throttling 4x CPU, 150 ms RTT, 1.6 Mbps down. ${interaction.variants.length > 1 ? 'The builds were measured interleaved (one visit of each in turn), on the same machine at the same time. ' : ''}Load average (1 / 5 / 15 min) ${load(interaction.loadAverage.before)} before, ${load(interaction.loadAverage.after)} after: wall-clock figures (paint, tap, next paint) follow it; CPU-time figures do not.`,
    '',
    '- **Menu painted**: first contentful paint (Menu is in the first paint). **First working tap**: Menu tapped every 300 ms from then, the tap that opened the overlay; **lost**: taps before it (median, worst).',
    '- **Hydrated**: when the app had taken over the page (every control then answers by itself).',
    "- **Long tasks after FCP, calibrated phone**: a further cold visit with no input, its CPU multiplier calibrated to the host just before it (max(1, benchmarkIndex / 450), as the Lighthouse `mobile` runs), the page's main thread on a core of its own, as on a phone, and the calibration read there (the bench, the local servers and the browser's other processes run on the other cores; a visit that could not have one says “shared cores”), the Long Tasks API entries (over 50 ms, wall-clock as the page sees them) from the first contentful paint until 3 s after hydration: how many, the sum of their time over 50 ms, the longest (median and worst of the visits), and each visit's multiplier and tasks. **Running the page's scripts**: a long task in which a script of 5 ms or more started (the Long Animation Frames API's script entries: file, function, how it was called, its time), named beside the task; the target is none in any visit. A task without one is style, layout and paint, as the floor page's (no script, visited the same way, named below the table) are.",
    "- **CPU-time TBT**: over the main thread's tasks after the first paint, the sum of max(0, 4 × CPU time − 50 ms); **longest task**: 4 × its CPU time (median, worst).",
    '- **Next paint**: Event Timing duration (input to the next paint) of the interaction, after hydration, at 4x; under 16 ms shows as 0.',
    '',
  );
  const variants = /** @type {string[]} */ (interaction.variants);
  const header = ['route', 'measure', ...variants];
  lines.push(`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
  const ms = (/** @type {number | null} */ v) => (v === null ? '—' : `${Math.round(v)} ms`);
  for (const [route, byVariant] of Object.entries(interaction.routes)) {
    const row = (/** @type {string} */ name, /** @type {(v: any) => string} */ cellOf) =>
      lines.push(
        `| ${route} | ${name} | ${variants.map((label) => (byVariant[label] ? cellOf(byVariant[label]) : '—')).join(' | ')} |`,
      );
    const current = (/** @type {any} */ v) => v === byVariant['this build'];
    row('Menu painted', (v) => (v.menuPaintedMs === null ? '—' : seconds(v.menuPaintedMs)));
    row('first working tap', (v) =>
      v.firstWorkingTapMs === null ? 'never' : seconds(v.firstWorkingTapMs),
    );
    row('… after Menu painted', (v) => {
      const text = ms(v.firstTapAfterPaintMs);
      return current(v)
        ? ok(
            v.firstTapAfterPaintMs !== null &&
              v.firstTapAfterPaintMs <= targets.firstTapAfterPaintMs,
            text,
          )
        : text;
    });
    row('hydrated (app ready)', (v) =>
      typeof v.hydratedMs === 'number' ? seconds(v.hydratedMs) : '—',
    );
    row('taps lost (median, worst)', (v) => {
      const text = `${v.tapsLost}, ${v.tapsLostMax}`;
      return current(v) ? ok(v.tapsLostMax <= targets.tapsLost, text) : text;
    });
    row('CPU-time TBT', (v) =>
      current(v)
        ? ok((v.tbtCpuMs ?? Infinity) <= targets.tbtCpuMs, ms(v.tbtCpuMs))
        : ms(v.tbtCpuMs),
    );
    row('longest task (median, worst)', (v) => {
      const text = `${ms(v.longestTaskCpuMs)}, ${ms(v.longestTaskCpuMsMax)}`;
      return current(v) ? ok(v.longestTaskCpuMsMax <= targets.longestTaskCpuMs, text) : text;
    });
    row('long tasks after FCP, calibrated (median, worst)', (v) =>
      v.longTasks ? `${v.longTasks.count}, ${v.longTasks.countMax}` : '—',
    );
    row("… of them running the page's scripts: visits with one, longest", (v) => {
      if (typeof v.longTasks?.withScriptsVisits !== 'number') return '—';
      const text = `${v.longTasks.withScriptsVisits} of ${v.longTasks.durationsMs.length}, ${ms(v.longTasks.withScriptsLongestMsMax)}`;
      return current(v) ? ok(v.longTasks.withScriptsVisits === 0, text) : text;
    });
    row('… sum of (d − 50 ms) (median, worst)', (v) =>
      v.longTasks ? `${ms(v.longTasks.excessMs)}, ${ms(v.longTasks.excessMsMax)}` : '—',
    );
    row('… longest (median, worst)', (v) =>
      v.longTasks ? `${ms(v.longTasks.longestMs)}, ${ms(v.longTasks.longestMsMax)}` : '—',
    );
    row('… each visit: CPU multiplier [tasks, with the scripts that ran in them]', (v) =>
      v.longTasks?.durationsMs
        ? v.longTasks.durationsMs
            .map(
              (/** @type {number[]} */ d, /** @type {number} */ i) =>
                `${v.longTasks.cpuSlowdown?.[i] ?? '?'}x${sharedCores(v.longTasks.pageCore?.[i])} [${d
                  .map((task, t) => {
                    /** @type {string[]} */
                    const scripts = v.longTasks.scripts?.[i]?.[t] ?? [];
                    return scripts.length ? `${task}: ${scripts.join(', ')}` : String(task);
                  })
                  .join('; ')}]`,
            )
            .join(' · ')
        : '—',
    );
    const names = [
      ...new Set(
        Object.values(byVariant).flatMap((/** @type {any} */ v) => Object.keys(v.nextPaintMs)),
      ),
    ];
    for (const name of names)
      row(`next paint: ${name}`, (v) => {
        const value = v.nextPaintMs[name] ?? null;
        return current(v)
          ? ok(value !== null && value <= targets.nextPaintMs, ms(value))
          : ms(value);
      });
    if (Object.values(byVariant).some((/** @type {any} */ v) => v.lighthouse)) {
      row('Lighthouse mobile score', (v) => String(v.lighthouse?.score ?? '—'));
      /** The median, then each run in the order measured (older reports kept the median only). */
      const runsOf = (
        /** @type {number[] | undefined} */ each,
        /** @type {(n: number) => string} */ show,
      ) => (each ? ` (${each.map(show).join(', ')})` : '');
      row('Lighthouse LCP', (v) =>
        v.lighthouse
          ? `${seconds(v.lighthouse.lcpMs)}${runsOf(v.lighthouse.lcpRunsMs, (n) => (n / 1000).toFixed(2))}`
          : '—',
      );
      row('Lighthouse TBT', (v) =>
        v.lighthouse ? `${v.lighthouse.tbtMs} ms${runsOf(v.lighthouse.tbtRunsMs, String)}` : '—',
      );
      row('JS (gzip)', (v) => {
        const bytes = v.lighthouse?.javascriptGzipBytes;
        if (typeof bytes !== 'number') return '—';
        const text = `${kb(bytes)} KB`;
        return current(v) && route === '/'
          ? ok(bytes / 1024 <= targets.homeJavaScriptKB, text)
          : text;
      });
    }
  }
  /** @type {any[]} */
  const floorVisits = interaction.floorLongTasks ?? [];
  if (floorVisits.length)
    lines.push(
      '',
      `The floor page (the hero headline alone, no script), the same visit: long tasks after FCP per visit, CPU multiplier [tasks]: ${floorVisits.map((f) => `${f.cpuSlowdown}x${sharedCores(f.pageCore)} [${f.durationsMs.join(', ')}]`).join('; ')}.`,
    );
  return lines;
}

/** Marks a long-task visit whose main thread shared the host's cores (null; undefined: before
 * the bench gave it a core of its own). @param {number | null | undefined} pageCore */
function sharedCores(pageCore) {
  return pageCore === null ? ' (shared cores)' : '';
}

module.exports = { interactionSection };
