import earlyManifestsPlugin from '../early-manifests-plugin';

type FetchHook = (url: string) => Promise<Response> | undefined;
const hook = earlyManifestsPlugin().fetch as unknown as FetchHook;
const url = 'https://home.example.com/mf-manifest.json';

beforeEach(() => {
  globalThis.fetch = jest.fn(async () => new Response('{"fresh":true}'));
});

describe('earlyManifestsPlugin', () => {
  it('leaves manifests nobody asked for early to the runtime', () => {
    globalThis.__FIRSTDAY_MANIFESTS__ = {};
    expect(hook(url)).toBeUndefined();
  });

  it('hands over the early response once, then steps aside', async () => {
    globalThis.__FIRSTDAY_MANIFESTS__ = { [url]: Promise.resolve(new Response('{"early":true}')) };
    await expect((await hook(url))!.json()).resolves.toEqual({ early: true });
    expect(hook(url)).toBeUndefined();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('asks the server again when the early request failed, so a retry can succeed', async () => {
    globalThis.__FIRSTDAY_MANIFESTS__ = {
      [url]: Promise.reject(new TypeError('Failed to fetch')),
    };
    await expect((await hook(url))!.json()).resolves.toEqual({ fresh: true });
    globalThis.__FIRSTDAY_MANIFESTS__ = {
      [url]: Promise.resolve(new Response('', { status: 502 })),
    };
    await expect((await hook(url))!.json()).resolves.toEqual({ fresh: true });
  });
});
