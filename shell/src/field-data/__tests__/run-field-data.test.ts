import { watchPageTrouble } from '../page-trouble';
import { runFieldData } from '../run-field-data';

describe('runFieldData', () => {
  const originalFetch = window.fetch;
  afterEach(() => {
    window.fetch = originalFetch;
    jest.useRealTimers();
  });

  it('takes a task of its own for each step, none in the task that started it', async () => {
    jest.useFakeTimers();
    // jsdom has no performance timeline; web-vitals reads it as it starts.
    Object.assign(performance, { getEntriesByType: () => [] });
    const asked: string[] = [];
    window.fetch = ((url: string) => {
      asked.push(url);
      return new Promise<Response>(() => {});
    }) as typeof window.fetch;
    let finished = false;
    void Promise.resolve(runFieldData('0123456789ab', '/', watchPageTrouble(window))).then(
      () => (finished = true),
    );
    await Promise.resolve();
    // Run in one go, the token request, the reporter and web-vitals' three observers were one
    // task of 20-35 ms on a 4x-throttled phone.
    expect(asked).toEqual([]);
    let tasks = 0;
    while (!finished && tasks < 20) {
      await jest.runOnlyPendingTimersAsync();
      tasks += 1;
      if (tasks === 1) expect(asked).toHaveLength(1);
    }
    expect(finished).toBe(true);
    // The token request, the reporter, then LCP, INP and CLS: five tasks.
    expect(tasks).toBe(5);
  });
});
