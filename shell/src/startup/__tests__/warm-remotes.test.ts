import fs from 'node:fs';
import path from 'node:path';

const source = fs.readFileSync(path.join(__dirname, '..', 'warm-remotes.js'), 'utf8');

const locations = {
  'remote-home': 'https://home.example.com/mf-manifest.json',
  'remote-contact': 'https://contact.example.com/v2/mf-manifest.json',
  'remote-shared': 'https://shared.example.com/mf-manifest.json',
};

let arrived = new Set<string>();

async function runAt(pathname: string, answer: () => Promise<Response>) {
  window.history.replaceState(null, '', pathname);
  document.head.innerHTML = '';
  globalThis.fetch = jest.fn(answer);
  // The file is inlined as a classic script; run it the same way.
  new Function(source)();
  await (
    window as unknown as { __FIRSTDAY_REMOTES_JSON__: Promise<unknown> }
  ).__FIRSTDAY_REMOTES_JSON__.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  // jsdom loads nothing: play the browser's part for the manifests that "arrived".
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[as="fetch"]')) {
    if (arrived.has(link.href)) link.onload?.(new Event('load'));
  }
  return [...document.head.querySelectorAll('link')].map((link) => [
    link.getAttribute('as'),
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
  ]);
}

describe('warm-remotes (inlined in index.html)', () => {
  beforeEach(() => {
    arrived = new Set();
  });

  it("warms remote-shared and this route's remote: manifest with CORS, then the entry", async () => {
    arrived = new Set([locations['remote-shared'], locations['remote-contact']]);
    const links = await runAt('/contact', async () => new Response(JSON.stringify(locations)));
    expect(globalThis.fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    expect(links).toEqual([
      ['fetch', locations['remote-shared'], 'anonymous'],
      ['fetch', locations['remote-contact'], 'anonymous'],
      ['script', 'https://shared.example.com/remoteEntry.js', null],
      ['script', 'https://contact.example.com/v2/remoteEntry.js', null],
    ]);
  });

  it('does not preload the entry of a remote whose manifest did not come (a retry must load it)', async () => {
    arrived = new Set([locations['remote-shared']]);
    const links = await runAt('/', async () => new Response(JSON.stringify(locations)));
    expect(links.map(([, href]) => href)).not.toContain('https://home.example.com/remoteEntry.js');
    expect(links.map(([, href]) => href)).toContain('https://shared.example.com/remoteEntry.js');
  });

  it('warms only remote-shared on a path no remote serves', async () => {
    arrived = new Set([locations['remote-shared']]);
    const links = await runAt('/menu', async () => new Response(JSON.stringify(locations)));
    expect(links.map(([, href]) => href)).toEqual([
      locations['remote-shared'],
      'https://shared.example.com/remoteEntry.js',
    ]);
  });

  it('does nothing, and throws nothing, when remotes.json is missing or unreachable', async () => {
    expect(await runAt('/', async () => new Response('nope', { status: 404 }))).toEqual([]);
    expect(
      await runAt('/', async () => {
        throw new TypeError('offline');
      }),
    ).toEqual([]);
  });

  it('knows every path the router serves from a remote, and nothing else', () => {
    const routes = fs.readFileSync(path.join(__dirname, '../../app/app-routes.tsx'), 'utf8');
    const pages = fs.readFileSync(path.join(__dirname, '../../remotes/remote-pages.ts'), 'utf8');
    const remoteOfPage = Object.fromEntries(
      [...pages.matchAll(/^\s*(\w+): \(\) => loadPage<[^>]+>\('([\w-]+)\//gm)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    const served = Object.fromEntries(
      [...routes.matchAll(/<Route (index|path="(\w+)") element=\{<RemotePage page="(\w+)"/g)].map(
        (m) => [m[1] === 'index' ? '/' : `/${m[2]}`, remoteOfPage[m[3] ?? '']],
      ),
    );
    const warmed = JSON.parse(
      (source.match(/remoteForPath = (\{[^}]+\})/)?.[1] ?? '{}').replace(/'/g, '"'),
    );
    expect(Object.keys(served)).toHaveLength(3);
    expect(warmed).toEqual(served);
  });
});
