import type http from 'node:http';
import { LRUCache } from 'lru-cache';
import {
  remoteUrl,
  type RemoteFileKind,
} from '../../../platform/render-protocol/remote-file-paths';
import { fetchWithinDeadline, StatusError } from '../remotes/fetch-within-deadline';

type Remotes = Readonly<Record<string, string>>;

/** More files of a kind than a build has, and the names a visitor makes up are bounded too. */
const maxFilesKept = 32;

/** A file the remote does not have is not asked for again for this long. */
const missingForMs = 60_000;

/** The remote's answer: the file, or the status to pass on (404 for a file it lacks). */
type Fetched = { readonly body: Buffer } | { readonly status: 404 | 502 };

/**
 * Answers the requests for one kind of remote file (/_fonts/, /_media/); false for any other
 * path. `remoteSets` are the remotes of every set the site serves now (live, a canary, previews):
 * a page of a canary or a preview names its release's files, which its live release may not
 * have. Each set's base is tried in turn; a hashed name is the same file wherever it is found.
 */
export function createRemoteFileServer(
  kind: RemoteFileKind,
  remoteSets: () => readonly Remotes[],
  deadlineMs: number,
): (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean {
  const files = new LRUCache<string, Promise<Fetched>>({ max: maxFilesKept });
  const fetchFile = async (url: string): Promise<Fetched> => {
    try {
      const response = await fetchWithinDeadline(url, deadlineMs);
      return { body: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      // A file the remote says it lacks is remembered a while; any other failure (an error
      // status, unreachable, too slow) is asked again by the next request.
      if (error instanceof StatusError && (error.status === 404 || error.status === 410)) {
        files.set(url, Promise.resolve({ status: 404 }), { ttl: missingForMs });
        return { status: 404 };
      }
    }
    files.delete(url);
    return { status: 502 };
  };
  const fileAt = (url: string): Promise<Fetched> => {
    let file = files.get(url);
    if (!file) {
      file = fetchFile(url);
      files.set(url, file);
    }
    return file;
  };
  /** The first set's file found; else 502 if any remote failed to say, else 404. */
  const find = async (urls: readonly string[]): Promise<Fetched> => {
    let failed = false;
    for (const url of urls) {
      const fetched = await fileAt(url);
      if ('body' in fetched) return fetched;
      failed ||= fetched.status === 502;
    }
    return { status: failed ? 502 : 404 };
  };
  return (req, res, pathname) => {
    if (!pathname.startsWith(kind.prefix)) return false;
    const urls = [
      ...new Set(
        remoteSets()
          .map((remotes) => remoteUrl(kind, pathname, remotes))
          .filter((url): url is string => url !== undefined),
      ),
    ];
    if (urls.length === 0) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      res.end('Not Found\n');
      return true;
    }
    void find(urls).then((fetched) => {
      if ('body' in fetched) {
        res.writeHead(200, {
          'Content-Type': kind.contentType(pathname),
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
