/**
 * @jest-environment node
 */
import { defaultCanaryPolicy } from '../../../../platform/releases/canary-judge.cjs';
import { createAggregator, type Aggregator } from '../aggregator';
import { createLiveWatch } from '../live-watch';
import { beacon } from './aggregator-fixture';

const hex6 = (value: number) => value.toString(16).padStart(6, '0');
const before = { lane: 'live', canary: null, releases: { 'remote-home': 'r7' } } as const;
const after = { lane: 'live', canary: null, releases: { 'remote-home': 'r8' } } as const;

let aggregator: Aggregator;
let lines: string[];

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-24T12:00:10Z') });
  lines = [];
  const capture = (chunk: string | Uint8Array) => (lines.push(String(chunk)), true);
  jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  aggregator = createAggregator({
    commit: null,
    flushMs: 60_000,
    maxPendingMinutes: 2,
    watch: createLiveWatch(defaultCanaryPolicy),
  });
});

afterEach(async () => {
  await aggregator.stop();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A minute of 40 visitors, each in its own network, the first `erring` of them with an error. */
async function minuteOfVisits(
  set: string,
  info: typeof before | typeof after,
  erring: number,
  from: number,
) {
  for (let visitor = 0; visitor < 40; visitor += 1) {
    const client = `c${hex6(from + visitor)}${hex6(from + visitor)}`;
    aggregator.addBeacon(beacon({ set, errors: visitor < erring ? 1 : 0 }), info, {
      logged: false,
      cut: false,
      client,
    });
  }
  await jest.advanceTimersByTimeAsync(60_000);
}

const alarms = () => lines.filter((line) => line.includes('Live alarm'));

it('logs one line naming the set and the route when a promoted set errs where the one before did not', async () => {
  for (let minute = 0; minute < 5; minute += 1)
    await minuteOfVisits('set-before', before, 0, minute * 100);
  for (let minute = 0; minute < 3; minute += 1)
    await minuteOfVisits('set-after', after, 20, 10_000 + minute * 100);
  expect(alarms()).toHaveLength(1);
  const line = JSON.parse(alarms()[0] ?? '{}') as Record<string, unknown>;
  expect(line).toMatchObject({
    severity: 'ERROR',
    liveAlarm: { set: 'set-after', before: 'set-before', routes: ['/'] },
  });
  expect(line.message).toContain('npm run promote -- remote-home@r7 --to <release dir> --force');
  // Once per set, however many flushes follow.
  await minuteOfVisits('set-after', after, 20, 20_000);
  expect(alarms()).toHaveLength(1);
});

it('stays quiet for a promoted set as good as the one before', async () => {
  for (let minute = 0; minute < 5; minute += 1)
    await minuteOfVisits('set-before', before, 1, minute * 100);
  for (let minute = 0; minute < 5; minute += 1)
    await minuteOfVisits('set-after', after, 1, 10_000 + minute * 100);
  expect(alarms()).toEqual([]);
});
