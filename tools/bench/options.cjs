// @ts-check
const { parseCommandLine } = require('../cli/args.cjs');
const env = require('../cli/env.cjs');
const stack = require('../stack/stack.cjs');

/** Command-line options of `npm run bench` (tools/bench/bench.mjs). */

const usage = `Usage: node tools/bench/bench.mjs [--no-build] [--runs N] [--routes /,/about]
         [--presets mobile] [--no-load | --load] [--no-taps | --taps] [--before DIR]
         [--client-start load,paint,screen,intent] [--trace-runs N] [--render]

  --no-build           measure the existing production build
  --runs N             Lighthouse runs per page and preset (default 3)
  --routes LIST        the routes to measure (default /,/about,/contact)
  --presets LIST       Lighthouse profiles (default mobile,mobile-4x,desktop): mobile is the
                       phone calibrated to this host (CPU multiplier = max(1, benchmarkIndex
                       / 450), benchmarkIndex read 3 times before each run), mobile-4x
                       Lighthouse's fixed 4x, desktop its desktop preset
  --no-load            skip the load test
  --load               only the load test, into the existing reports/bench.json
  --no-taps            skip the trace-based measures of interaction
  --taps               only the trace-based measures, into the existing reports/bench.json
  --before DIR         also measure an earlier build (a FIRSTDAY_DIST folder), interleaved
  --client-start LIST  also measure this build with its client started at each moment
  --trace-runs N       cold visits per route for the trace-based measures (default 5)
  --render             only write reports/bench.md again from reports/bench.json
  --help               show this help

  BENCH_PORT_BASE      the site's first port (default 4300)
`;

const knownPresets = /** @type {const} */ (['mobile', 'mobile-4x', 'desktop']);

/** @param {string} list */
function parsePresets(list) {
  const presets = list.split(',');
  for (const preset of presets)
    if (!knownPresets.includes(/** @type {any} */ (preset)))
      throw new Error(`--presets: unknown profile ${preset} (known: ${knownPresets.join(', ')})`);
  return /** @type {Array<(typeof knownPresets)[number]>} */ (presets);
}

/** @param {string[]} argv */
function parseBenchOptions(argv) {
  const {
    string: str,
    flag,
    help,
  } = parseCommandLine(
    argv,
    {
      'no-build': { type: 'boolean' },
      runs: { type: 'string' },
      routes: { type: 'string' },
      presets: { type: 'string' },
      load: { type: 'boolean' },
      'no-load': { type: 'boolean' },
      taps: { type: 'boolean' },
      'no-taps': { type: 'boolean' },
      before: { type: 'string' },
      'client-start': { type: 'string' },
      'trace-runs': { type: 'string' },
      render: { type: 'boolean' },
    },
    usage,
  );
  const tapsOnly = flag('taps');
  const loadOnly = flag('load');
  const base = env.port('BENCH_PORT_BASE');
  return {
    help,
    render: flag('render'),
    build: !flag('no-build'),
    // --routes /,/about and --presets mobile narrow a run while investigating.
    routes: (str('routes') ?? '/,/about,/contact').split(','),
    presets: parsePresets(str('presets') ?? 'mobile,mobile-4x,desktop'),
    runs: Number(str('runs')) || 3,
    tapsOnly,
    withTaps: tapsOnly || !flag('no-taps'),
    beforeDir: str('before'),
    clientStarts: str('client-start')?.split(',') ?? [],
    // Five cold visits per route and build; fewer (--trace-runs N) only while investigating.
    traceRuns: Number(str('trace-runs')) || 5,
    loadOnly,
    noLoad: flag('no-load'),
    withLoad: loadOnly || !flag('no-load'),
    base,
    ports: stack.portsFrom(base),
    /** How the run was asked for: its flags, kept beside its figures (see `commandOf`). */
    args: argv,
  };
}

/**
 * The command that made (and makes again) a part of the report, from the flags it was run with:
 * written from the script's name here, never stored, so the report follows the script.
 * @param {string[]} args
 */
const commandOf = (args) => `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;

/** @typedef {ReturnType<typeof parseBenchOptions>} BenchOptions */

module.exports = { parseBenchOptions, commandOf, usage };
