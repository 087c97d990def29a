import type http from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * The display font from the page's own origin. The inlined CSS would name it on remote-shared's
 * origin, where it costs a phone a second connection (DNS, TCP) that nothing else on /about or
 * /contact needs. The render worker points @font-face at
 * /_fonts/<remote>/<file> instead, and the render server answers that from the remote's build:
 * fetched once (hashed names never change content), then from memory, as a CDN in front would.
 */
const prefix = '/_fonts/';

/** Only fonts of a production build: hashed woff2 files, in plain folders. */
const hashedFont = /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.[0-9a-f]{8}\.woff2$/;

type Remotes = Readonly<Record<string, string>>;

/** More fonts than a build has, and the names a visitor makes up are bounded too. */
const maxFontsKept = 32;

/** A font the remote does not have is not asked for again for this long. */
const missingForMs = 60_000;

/** The remote's answer: the font, or the status to pass on (404 for a font it lacks). */
type Fetched = { readonly body: Buffer } | { readonly status: 404 | 502 };

const baseOf = (manifestUrl: string) => new URL('.', manifestUrl).href;

/** The same-origin path of a remote's font, or undefined for any other URL. */
export function localFontPath(url: string, remotes: Remotes): string | undefined {
  for (const [alias, manifestUrl] of Object.entries(remotes)) {
    const base = baseOf(manifestUrl);
    if (!url.startsWith(base)) continue;
    const file = url.slice(base.length);
    return hashedFont.test(file) ? `${prefix}${alias}/${file}` : undefined;
  }
  return undefined;
}

/** The remote URL a same-origin font path stands for, or undefined if it names none. */
export function remoteFontUrl(pathname: string, remotes: Remotes): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  const [alias = '', ...rest] = pathname.slice(prefix.length).split('/');
  const file = rest.join('/');
  const manifestUrl = Object.hasOwn(remotes, alias) ? remotes[alias] : undefined;
  if (!manifestUrl || !hashedFont.test(file)) return undefined;
  return new URL(file, baseOf(manifestUrl)).href;
}

/** Answers /_fonts/ requests; false for any other path. */
export function createFontServer(
  remotes: () => Remotes | undefined,
  deadlineMs: number,
): (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean {
  const fonts = new LRUCache<string, Promise<Fetched>>({ max: maxFontsKept });
  const fetchFont = async (url: string): Promise<Fetched> => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(deadlineMs) });
      if (response.ok) return { body: Buffer.from(await response.arrayBuffer()) };
      await response.body?.cancel();
      // A font the remote says it lacks is remembered a while; any other failure is asked again.
      if (response.status === 404 || response.status === 410) {
        fonts.set(url, Promise.resolve({ status: 404 }), { ttl: missingForMs });
        return { status: 404 };
      }
    } catch {
      // Unreachable or too slow: the next request asks again.
    }
    fonts.delete(url);
    return { status: 502 };
  };
  return (req, res, pathname) => {
    if (!pathname.startsWith(prefix)) return false;
    const url = remoteFontUrl(pathname, remotes() ?? {});
    if (!url) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      res.end('Not Found\n');
      return true;
    }
    let font = fonts.get(url);
    if (!font) {
      font = fetchFont(url);
      fonts.set(url, font);
    }
    void font.then((fetched) => {
      if ('body' in fetched) {
        res.writeHead(200, {
          'Content-Type': 'font/woff2',
          'Content-Length': fetched.body.length,
          'Cache-Control': 'public, max-age=31536000, immutable',
        });
        res.end(req.method === 'HEAD' ? undefined : fetched.body);
        return;
      }
      res.writeHead(fetched.status, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      res.end(fetched.status === 404 ? 'Not Found\n' : 'Bad Gateway\n');
    });
    return true;
  };
}
