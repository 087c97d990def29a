/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/**
 * The categories the calibrated phone's trace gatherer asks Chromium for, and Lighthouse's
 * default list once it has started. Lighthouse is an ES module, which this CommonJS runner cannot
 * load, so the gatherer starts in a Node of its own, against a driver that records commands.
 */
function startedByTraceWithoutSources() {
  const script = `
    import Trace from 'lighthouse/core/gather/gatherers/trace.js';
    import { TraceWithoutSources } from './tools/bench/trace-without-sources.mjs';
    const sent = [];
    const driver = { defaultSession: { sendCommand: async (method, params) => { sent.push({ method, params }); } } };
    await new TraceWithoutSources().startSensitiveInstrumentation({ driver, gatherMode: 'navigation', settings: {} });
    const start = sent.find((command) => command.method === 'Tracing.start');
    console.log(JSON.stringify({ started: start.params.categories.split(','), defaults: Trace.getDefaultTraceCategories() }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(output) as { started: string[]; defaults: string[] };
}

const enhanced = [
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-devtools.v8-source-rundown',
];

describe('the calibrated phone trace', () => {
  it("records Lighthouse's categories without the scripts' sources, and leaves Lighthouse's list as it was", () => {
    const { started, defaults } = startedByTraceWithoutSources();
    expect(defaults).toEqual(expect.arrayContaining(enhanced));
    expect(started).toEqual(defaults.filter((category) => !enhanced.includes(category)));
    // What the metrics are read from is still there: tasks, user timings, screenshots.
    expect(started).toEqual(
      expect.arrayContaining([
        'devtools.timeline',
        'loading',
        'disabled-by-default-devtools.screenshot',
      ]),
    );
  });
});
