import type http from 'node:http';
import { LRUCache } from 'lru-cache';
import { fontPathPrefix, remoteFontUrl } from '../../../platform/render-protocol/font-paths';
import { fetchWithinDeadline, StatusError } from '../remotes/fetch-within-deadline';

type Remotes = Readonly<Record<string, string>>;

/** More fonts than a build has, and the names a visitor makes up are bounded too. */
const maxFontsKept = 32;

/** A font the remote does not have is not asked for again for this long. */
const missingForMs = 60_000;

/** The remote's answer: the font, or the status to pass on (404 for a font it lacks). */
type Fetched = { readonly body: Buffer } | { readonly status: 404 | 502 };

/** Answers /_fonts/ requests; false for any other path. */
export function createFontServer(
  remotes: () => Remotes | undefined,
  deadlineMs: number,
): (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean {
  const fonts = new LRUCache<string, Promise<Fetched>>({ max: maxFontsKept });
  const fetchFont = async (url: string): Promise<Fetched> => {
    try {
      const response = await fetchWithinDeadline(url, deadlineMs);
      return { body: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      // A font the remote says it lacks is remembered a while; any other failure (an error
      // status, unreachable, too slow) is asked again by the next request.
      if (error instanceof StatusError && (error.status === 404 || error.status === 410)) {
        fonts.set(url, Promise.resolve({ status: 404 }), { ttl: missingForMs });
        return { status: 404 };
      }
    }
    fonts.delete(url);
    return { status: 502 };
  };
  return (req, res, pathname) => {
    if (!pathname.startsWith(fontPathPrefix)) return false;
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
