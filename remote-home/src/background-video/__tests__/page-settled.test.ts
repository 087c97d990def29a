import { quietIdleMs, settleTimeoutMs, whenPageSettled } from '../page-settled';

/** Idle callbacks the test grants by hand, with the time each period leaves (jsdom has none). */
function fakeIdleCallbacks() {
  const pending = new Map<number, IdleRequestCallback>();
  let handle = 0;
  window.requestIdleCallback = (run: IdleRequestCallback) => {
    handle += 1;
    pending.set(handle, run);
    return handle;
  };
  window.cancelIdleCallback = (id: number) => pending.delete(id);
  return {
    pending,
    /** Grants the waiting idle callbacks a period of `ms`. */
    idlePeriod(ms: number) {
      for (const [id, run] of [...pending]) {
        pending.delete(id);
        run({ didTimeout: false, timeRemaining: () => ms });
      }
    },
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

describe('whenPageSettled', () => {
  it('waits through busy idle periods for a quiet one', () => {
    const page = fakeIdleCallbacks();
    const done = jest.fn();
    whenPageSettled(done);
    page.idlePeriod(quietIdleMs - 1);
    page.idlePeriod(3);
    expect(done).not.toHaveBeenCalled();
    page.idlePeriod(quietIdleMs);
    expect(done).toHaveBeenCalledTimes(1);
    expect(page.pending.size).toBe(0);
    jest.advanceTimersByTime(settleTimeoutMs);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('starts anyway at the timeout when the page is never quiet', () => {
    const page = fakeIdleCallbacks();
    const done = jest.fn();
    whenPageSettled(done);
    jest.advanceTimersByTime(settleTimeoutMs / 2);
    page.idlePeriod(1);
    jest.advanceTimersByTime(settleTimeoutMs / 2 - 1);
    expect(done).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
    expect(page.pending.size).toBe(0);
  });

  it('without idle callbacks, starts at the timeout', () => {
    const done = jest.fn();
    whenPageSettled(done);
    jest.advanceTimersByTime(settleTimeoutMs - 1);
    expect(done).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('once cancelled, never calls back', () => {
    const page = fakeIdleCallbacks();
    const done = jest.fn();
    const cancel = whenPageSettled(done);
    cancel();
    page.idlePeriod(50);
    jest.advanceTimersByTime(settleTimeoutMs * 2);
    expect(done).not.toHaveBeenCalled();
  });
});
