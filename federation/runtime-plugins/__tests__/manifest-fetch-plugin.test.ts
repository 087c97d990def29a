import { loadDeadlineMs } from '../load-deadline';
import manifestFetchPlugin from '../manifest-fetch-plugin';

type FetchHook = (url: string, init: RequestInit) => Promise<Response> | undefined;
const hook = manifestFetchPlugin().fetch as unknown as FetchHook;
const url = 'https://home.example.com/mf-manifest.json';

/** A server that answers, or (with no body) never does; it stops when the request is aborted. */
function serve(body?: string) {
  globalThis.fetch = jest.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        if (body !== undefined) resolve(new Response(body));
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      }),
  );
}

beforeEach(() => serve('{"fresh":true}'));
afterEach(() => jest.useRealTimers());

describe('manifestFetchPlugin', () => {
  it('asks the remote for manifests the page does not carry', async () => {
    globalThis.__FIRSTDAY_MANIFESTS__ = {};
    await expect((await hook(url, {}))!.json()).resolves.toEqual({ fresh: true });
  });

  it('hands over the early response once, then asks the remote', async () => {
    globalThis.__FIRSTDAY_MANIFESTS__ = { [url]: Promise.resolve(new Response('{"early":true}')) };
    await expect((await hook(url, {}))!.json()).resolves.toEqual({ early: true });
    expect(globalThis.fetch).not.toHaveBeenCalled();
    await expect((await hook(url, {}))!.json()).resolves.toEqual({ fresh: true });
  });

  it('hands over the early response in a task of its own, as a fetch would answer', async () => {
    jest.useFakeTimers();
    globalThis.__FIRSTDAY_MANIFESTS__ = { [url]: Promise.resolve(new Response('{"early":true}')) };
    const settled = jest.fn();
    hook(url, {})!.then(settled);
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('asks the server again when the early request failed, so a retry can succeed', async () => {
    globalThis.__FIRSTDAY_MANIFESTS__ = {
      [url]: Promise.reject(new TypeError('Failed to fetch')),
    };
    await expect((await hook(url, {}))!.json()).resolves.toEqual({ fresh: true });
    globalThis.__FIRSTDAY_MANIFESTS__ = {
      [url]: Promise.resolve(new Response('', { status: 502 })),
    };
    await expect((await hook(url, {}))!.json()).resolves.toEqual({ fresh: true });
  });

  it('gives a manifest that does not arrive up after the load deadline', async () => {
    jest.useFakeTimers();
    serve();
    globalThis.__FIRSTDAY_MANIFESTS__ = {};
    const answer = hook(url, {})!;
    const settled = jest.fn();
    answer.then(settled, settled);
    await jest.advanceTimersByTimeAsync(loadDeadlineMs - 1);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).rejects.toThrow(`no answer within ${loadDeadlineMs} ms`);
  });
});
