/**
 * @jest-environment node
 */
import interactionTrace from '../interaction-trace.cjs';

const { mainThreadAfterFirstPaint } = interactionTrace;

/** A main-thread task at `ts` ms lasting `wall` ms by the clock and `cpu` ms of CPU. */
const task = (ts: number, wall: number, cpu: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid: 1,
  tid: 2,
  ts: ts * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});
const firstPaint = { name: 'firstContentfulPaint', ph: 'I', pid: 1, tid: 2, ts: 100_000 };

describe('mainThreadAfterFirstPaint', () => {
  it("tells the blocking time of the page's own CPU time from the clock's", () => {
    const events = [
      firstPaint,
      task(50, 80, 40), // before the first paint: not counted
      task(200, 30, 3), // waited 27 ms: 30 ms by the clock, 3 ms of CPU
      task(300, 20, 15),
      task(305, 2, 2), // inside the task before: not a task of its own
    ];
    expect(mainThreadAfterFirstPaint(events, 4)).toEqual({
      wallMs: 50,
      cpuMs: 18,
      // 15 ms of CPU at 4x is 60 ms, 10 over 50; 3 ms is 12, none.
      cpuBlockingMs: 10,
      longest: { wallMs: 30, cpuMs: 3 },
    });
  });

  it('gives nothing for a trace without a first paint', () => {
    expect(mainThreadAfterFirstPaint([task(200, 30, 3)], 4)).toBeNull();
  });
});
