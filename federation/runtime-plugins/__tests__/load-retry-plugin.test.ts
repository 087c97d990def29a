import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import loadRetryPlugin, { retryDelaysMs, retryWindowMs } from '../load-retry-plugin';
import { remoteLoadFailedEvent } from '../remote-load-failed';

type ErrorArgs = { id: string; lifecycle: string; from: 'build' | 'runtime'; origin: unknown };
type Hooks = {
  beforeRequest: (args: { id: string }) => unknown;
  errorLoadRemote: (args: ErrorArgs) => Promise<unknown>;
};

const id = 'remote-home/home-page';
const page = { default: () => null };

function setUp(answers: ('fail' | 'load')[]) {
  const plugin = loadRetryPlugin() as unknown as Hooks;
  const loadRemote = jest.fn(async () => {
    if (answers.shift() === 'load') return page;
    // A failed retry reaches the plugin too, as the runtime reports every failed load.
    await plugin.errorLoadRemote({ id, lifecycle: 'onLoad', from: 'runtime', origin });
    throw new Error('ScriptNetworkError');
  });
  const origin = { loadRemote } as unknown as ModuleFederation;
  /** The runtime's report of a failed load, `after` ms after it began. */
  const failedAfter = async (after: number, from: 'build' | 'runtime' = 'runtime') => {
    plugin.beforeRequest({ id });
    jest.advanceTimersByTime(after);
    const recovered = plugin.errorLoadRemote({ id, lifecycle: 'onLoad', from, origin });
    await jest.advanceTimersByTimeAsync(retryWindowMs);
    return recovered;
  };
  return { plugin, loadRemote, failedAfter, origin };
}

/** The failures announced on window for the field data: the remotes' aliases. */
let announced: unknown[] = [];
const listen = (event: Event) => announced.push((event as CustomEvent<unknown>).detail);

beforeEach(() => {
  jest.useFakeTimers();
  announced = [];
  window.addEventListener(remoteLoadFailedEvent, listen);
});
afterEach(() => {
  window.removeEventListener(remoteLoadFailedEvent, listen);
  jest.useRealTimers();
});

describe('loadRetryPlugin', () => {
  it('tries a failed load again with growing pauses, all within the retry window', () => {
    expect(retryDelaysMs).toEqual([...retryDelaysMs].sort((a, b) => a - b));
    expect(retryDelaysMs.reduce((sum, delay) => sum + delay, 0)).toBeLessThan(retryWindowMs);
    expect(retryDelaysMs.length).toBeGreaterThanOrEqual(2);
  });

  it('answers with the module once a later attempt loads it', async () => {
    const { loadRemote, failedAfter } = setUp(['fail', 'load']);
    await expect(failedAfter(20)).resolves.toBe(page);
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(loadRemote).toHaveBeenCalledWith(id, { from: 'runtime' });
    // The visitor got the page: nothing failed for good.
    expect(announced).toEqual([]);
  });

  it('waits the pauses between attempts', async () => {
    const { plugin, loadRemote, origin } = setUp(['fail', 'fail', 'load']);
    plugin.beforeRequest({ id });
    const recovered = plugin.errorLoadRemote({ id, lifecycle: 'onLoad', from: 'runtime', origin });
    await jest.advanceTimersByTimeAsync(retryDelaysMs[0]! - 1);
    expect(loadRemote).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(retryDelaysMs[1]!);
    expect(loadRemote).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(retryDelaysMs[2]!);
    await expect(recovered).resolves.toBe(page);
  });

  it('asks webpack-initiated loads for the factory again', async () => {
    const { loadRemote, failedAfter } = setUp(['load']);
    await failedAfter(20, 'build');
    expect(loadRemote).toHaveBeenCalledWith(id, { loadFactory: false, from: 'build' });
  });

  it('lets the failure stand after the last attempt', async () => {
    const { loadRemote, failedAfter } = setUp(['fail', 'fail', 'fail', 'load']);
    await expect(failedAfter(20)).resolves.toBeUndefined();
    expect(loadRemote).toHaveBeenCalledTimes(retryDelaysMs.length);
    // One failed load, not one per failed attempt.
    expect(announced).toEqual([{ remote: 'remote-home' }]);
  });

  it('does not try again a load that ran into a deadline', async () => {
    const { loadRemote, failedAfter } = setUp(['load']);
    await expect(failedAfter(retryWindowMs)).resolves.toBeUndefined();
    expect(loadRemote).not.toHaveBeenCalled();
    expect(announced).toEqual([{ remote: 'remote-home' }]);
  });

  it('leaves failures other than loading a module alone', async () => {
    const { plugin, loadRemote, origin } = setUp(['load']);
    const args = { id, lifecycle: 'beforeLoadShare', from: 'runtime', origin } as const;
    await expect(plugin.errorLoadRemote(args)).resolves.toBeUndefined();
    expect(loadRemote).not.toHaveBeenCalled();
    expect(announced).toEqual([]);
  });
});
