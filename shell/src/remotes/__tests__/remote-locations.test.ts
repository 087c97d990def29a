import { loadDeadlineMs } from '../../../../federation/runtime-plugins/load-deadline';
import { applyRemoteLocations, parseRemoteLocations } from '../remote-locations';

const valid = {
  'remote-home': 'https://home.firstday.studio/mf-manifest.json',
  'remote-contact': 'http://localhost:3002/mf-manifest.json',
  'remote-shared': 'https://cdn.firstday.studio/shared/mf-manifest.json',
};

describe('parseRemoteLocations', () => {
  it('accepts a URL for every remote', () => {
    expect(parseRemoteLocations(valid)).toEqual(valid);
  });

  it.each([
    ['not an object', '"remote-home"', /must be an object/],
    ['an array', [], /must be an object/],
    ['a missing remote', { ...valid, 'remote-shared': undefined }, /"remote-shared"/],
    ['a non-http URL', { ...valid, 'remote-home': 'javascript:alert(1)' }, /"remote-home"/],
    ['a number', { ...valid, 'remote-contact': 3002 }, /"remote-contact"/],
  ])('rejects %s with a message naming the problem', (_case, json, message) => {
    expect(() => parseRemoteLocations(json)).toThrow(message);
  });
});

describe('applyRemoteLocations', () => {
  afterEach(() => {
    globalThis.__FIRSTDAY_REMOTES__ = undefined;
  });

  function answer(body: unknown, status = 200) {
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status }));
  }

  it('makes remotes.json the place every app looks for its remotes', async () => {
    answer(valid);
    await expect(applyRemoteLocations()).resolves.toEqual(valid);
    expect(globalThis.__FIRSTDAY_REMOTES__).toEqual(valid);
  });

  it('keeps the built-in locations, and says why, when remotes.json is missing or wrong', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    answer({}, 404);
    await expect(applyRemoteLocations()).resolves.toEqual({});
    answer({ 'remote-home': 'ftp://x' });
    await expect(applyRemoteLocations()).resolves.toEqual({});
    expect(globalThis.__FIRSTDAY_REMOTES__).toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('keeps the built-in locations when remotes.json does not arrive within the deadline', async () => {
    jest.useFakeTimers();
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    globalThis.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    const applied = applyRemoteLocations();
    await jest.advanceTimersByTimeAsync(loadDeadlineMs);
    await expect(applied).resolves.toEqual({});
    expect(log).toHaveBeenCalledWith('Using the built-in remote locations:', expect.any(Error));
    log.mockRestore();
    jest.useRealTimers();
  });
});
