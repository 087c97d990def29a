import fs from 'node:fs';
import path from 'node:path';

const source = fs.readFileSync(path.join(__dirname, '..', 'warm-remotes.js'), 'utf8');

const locations = {
  'remote-home': 'https://home.example.com/mf-manifest.json',
  'remote-contact': 'https://contact.example.com/v2/mf-manifest.json',
  'remote-shared': 'https://shared.example.com/mf-manifest.json',
};

function manifest(exposes: Record<string, [js: string[], css: string[]]>) {
  return {
    exposes: Object.entries(exposes).map(([exposePath, [js, css]]) => ({
      path: exposePath,
      assets: { js: { sync: js, async: ['lazy.js'] }, css: { sync: css, async: [] } },
    })),
  };
}

const manifests: Record<string, unknown> = {
  [locations['remote-shared']]: manifest({
    './tokens': [['tokens.js'], ['tokens.css']],
    './ui': [['ui.js'], []],
  }),
  [locations['remote-contact']]: manifest({ './contact-page': [['contact.js'], ['contact.css']] }),
  [locations['remote-home']]: manifest({
    './home-page': [['home.js'], ['home.css']],
    './about-page': [['about.js'], []],
  }),
};

type Answer = (url: string) => Promise<Response>;
const answerAll: Answer = async (url) =>
  url === '/remotes.json'
    ? new Response(JSON.stringify(locations))
    : manifests[url]
      ? new Response(JSON.stringify(manifests[url]))
      : new Response('missing', { status: 404 });

async function runAt(pathname: string, answer: Answer) {
  window.history.replaceState(null, '', pathname);
  document.head.innerHTML = '';
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => answer(String(input)));
  // The file is inlined as a classic script; run it the same way.
  new Function(source)();
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return [...document.head.querySelectorAll('link')].map((link) => [
    link.getAttribute('as'),
    link.getAttribute('href'),
  ]);
}

const early = () => globalThis.__FIRSTDAY_MANIFESTS__ ?? {};

describe('warm-remotes (inlined in index.html)', () => {
  it("fetches remote-shared's and this route's manifests and preloads what the page will ask for", async () => {
    const links = await runAt('/contact', answerAll);
    expect(globalThis.fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    expect(Object.keys(early()).sort()).toEqual(
      [locations['remote-contact'], locations['remote-shared']].sort(),
    );
    expect(links).toEqual(
      expect.arrayContaining([
        ['script', 'https://shared.example.com/remoteEntry.js'],
        ['script', 'https://shared.example.com/tokens.js'],
        ['style', 'https://shared.example.com/tokens.css'],
        ['script', 'https://shared.example.com/ui.js'],
        ['script', 'https://contact.example.com/v2/remoteEntry.js'],
        ['script', 'https://contact.example.com/v2/contact.js'],
        ['style', 'https://contact.example.com/v2/contact.css'],
      ]),
    );
    expect(links).toHaveLength(7);
  });

  it("preloads only the page's own module, not the remote's other pages or lazy chunks", async () => {
    const hrefs = (await runAt('/about', answerAll)).map(([, href]) => href);
    expect(hrefs).toContain('https://home.example.com/about.js');
    expect(hrefs).not.toContain('https://home.example.com/home.js');
    expect(hrefs.some((href) => href?.endsWith('lazy.js'))).toBe(false);
  });

  it('warms only remote-shared on a path no remote serves', async () => {
    await runAt('/menu', answerAll);
    expect(Object.keys(early())).toEqual([locations['remote-shared']]);
  });

  it('preloads nothing from a remote whose manifest did not come (a retry must load it)', async () => {
    const hrefs = (
      await runAt('/', async (url) =>
        url === locations['remote-home'] ? Promise.reject(new TypeError('down')) : answerAll(url),
      )
    ).map(([, href]) => href);
    expect(hrefs.some((href) => href?.startsWith('https://home.example.com'))).toBe(false);
    expect(hrefs).toContain('https://shared.example.com/remoteEntry.js');
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
    const exposeOfPage = Object.fromEntries(
      [...pages.matchAll(/^\s*(\w+): \(\) => loadPage<[^>]+>\('([\w-]+)\/([\w-]+)'\)/gm)].map(
        (m) => [m[1], [m[2], `./${m[3]}`]],
      ),
    );
    const served = Object.fromEntries(
      [...routes.matchAll(/<Route (index|path="(\w+)") element=\{<RemotePage page="(\w+)"/g)].map(
        (m) => [m[1] === 'index' ? '/' : `/${m[2]}`, exposeOfPage[m[3] ?? '']],
      ),
    );
    const warmed = JSON.parse(
      (source.match(/pageForPath = (\{[^}]+\})/)?.[1] ?? '{}')
        .replace(/'/g, '"')
        .replace(/,(\s*)\}/, '$1}'),
    );
    expect(Object.keys(served)).toHaveLength(3);
    expect(warmed).toEqual(served);
  });
});
