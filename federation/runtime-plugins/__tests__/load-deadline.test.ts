import entryDeadlinePlugin from '../entry-deadline-plugin';
import { DeadlineError, loadDeadlineMs, withinDeadline } from '../load-deadline';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the load deadline', () => {
  it('is a few seconds: long enough for a slow network, short enough not to feel hung', () => {
    expect(loadDeadlineMs).toBeGreaterThanOrEqual(2000);
    expect(loadDeadlineMs).toBeLessThanOrEqual(8000);
  });

  it('lets work that answers in time through', async () => {
    const work = new Promise((resolve) => setTimeout(() => resolve('done'), loadDeadlineMs - 1));
    const result = withinDeadline(work, 'the page');
    await jest.advanceTimersByTimeAsync(loadDeadlineMs - 1);
    await expect(result).resolves.toBe('done');
  });

  it('gives up on work that does not answer in time', async () => {
    const result = withinDeadline(new Promise(() => {}), 'the page');
    result.catch(() => {});
    await jest.advanceTimersByTimeAsync(loadDeadlineMs);
    await expect(result).rejects.toBeInstanceOf(DeadlineError);
    await expect(result).rejects.toThrow(`the page: no answer within ${loadDeadlineMs} ms`);
  });
});

describe('entryDeadlinePlugin', () => {
  type CreateScript = (args: { url: string; attrs?: Record<string, unknown> }) => {
    script: HTMLScriptElement;
    timeout: number;
  };
  const createScript = entryDeadlinePlugin().createScript as unknown as CreateScript;

  it('gives an entry script the load deadline, keeping the attributes the runtime asked for', () => {
    const url = 'https://home.example.com/remoteEntry.12345678.js';
    const { script, timeout } = createScript({ url, attrs: { fetchpriority: 'high' } });
    expect(timeout).toBe(loadDeadlineMs);
    expect(script.src).toBe(url);
    expect(script.getAttribute('fetchpriority')).toBe('high');
  });
});
