import http from 'node:http';
import path from 'node:path';
import { readPath } from '../../../platform/routes/canonical-path';
import { beaconPath, viewTokenPath } from '../../../platform/field-data/beacon.cjs';

import {
  answerParserErrors,
  containErrors,
  refuseUnservable,
  requestUrl,
} from './http-hygiene.cjs';
import { errorField, log } from '../log';
import { notFoundPath } from '../pages/not-found';

function sendText(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  type: string,
  text: string,
  cacheControl = 'public, max-age=300',
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': cacheControl,
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The path of a request target as sent, before any decoding or dot-segment removal. */
function rawPath(target: string): string {
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/** The handlers a request is routed to; each answers it whole. */
export interface HttpHandlers {
  /** Headers every answer carries. */
  readonly headers: (req: http.IncomingMessage) => Record<string, string>;
  /** Takes field-data beacons (POST beaconPath); without it they are refused like any write. */
  readonly beacons?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  /** Gives page views their tokens (GET viewTokenPath), which beacons carry. */
  readonly viewTokens?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  /** robots.txt, sitemap.xml and remotes.json, from the configuration in force. */
  readonly siteFile: (pathname: string) => SiteFile | undefined;
  /** The remotes' fonts and first-screen images under the site's origin; each false when the path is not one of its. */
  readonly remoteFiles: readonly ((
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
  ) => boolean)[];
  /** Preview links and the way out; false when the path is not one. */
  readonly previewPath: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
  ) => boolean;
  /** The shell's static build, as a CDN would serve it. */
  readonly files: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    notFound: () => void,
  ) => void;
  /** A page: rendered, or from the render cache. */
  readonly page: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
  ) => Promise<void>;
}

/** A small text file the server answers itself. */
export interface SiteFile {
  readonly type: string;
  readonly text: string;
  readonly cacheControl?: string;
}

/**
 * The shell's HTTP server: it only routes. Each request goes to one handler by its path: every
 * page path to the page handler, the shell's static build to the files, and robots.txt,
 * sitemap.xml, remotes.json, the remotes' fonts and first-screen images, preview links and field-data beacons to theirs.
 */
export function createHttpServer(handlers: HttpHandlers): http.Server {
  const server = http.createServer(
    containErrors(
      (req, res) => {
        for (const [name, value] of Object.entries(handlers.headers(req)))
          res.setHeader(name, value);
        // Field data is the one thing posted here, and its handler checks everything itself.
        if (handlers.beacons && rawPath(req.url ?? '') === beaconPath)
          return handlers.beacons(req, res);
        if (handlers.viewTokens && rawPath(req.url ?? '') === viewTokenPath)
          return handlers.viewTokens(req, res);
        // Writes, TRACE and over-long addresses get their own answers, never a page.
        if (refuseUnservable(req, res)) return;
        let url: URL;
        try {
          url = requestUrl(req.url ?? '/');
        } catch {
          sendText(req, res, 400, 'text/plain', 'Bad Request\n', 'no-store');
          return;
        }
        const pathname = url.pathname;
        const siteFile = handlers.siteFile(pathname);
        if (siteFile) {
          sendText(req, res, 200, siteFile.type, siteFile.text, siteFile.cacheControl);
          return;
        }
        if (handlers.remoteFiles.some((serve) => serve(req, res, pathname))) return;
        if (handlers.previewPath(req, res, pathname)) return;
        // Paths without an extension are pages (a missing script or image is a real 404).
        if (pathname === '/index.html') return handlers.page(req, res, '/');
        if (path.extname(pathname)) {
          handlers.files(req, res, pathname, () =>
            sendText(req, res, 404, 'text/plain', 'Not Found\n', 'no-store'),
          );
          return;
        }
        // The path as sent, before the URL parser resolved its dot segments: `/a/../about` is
        // redirected to /about rather than served under a second name.
        const reading = readPath(rawPath(req.url ?? '/'));
        if (reading.kind === 'redirect') {
          res.writeHead(301, {
            Location: `${reading.location}${url.search}`,
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'public, max-age=3600',
          });
          res.end(req.method === 'HEAD' ? undefined : `Moved to ${reading.location}\n`);
          return;
        }
        // Every unknown path is the same 404 page: rendered and kept once, not once per path.
        return handlers.page(req, res, reading.kind === 'page' ? reading.route.path : notFoundPath);
      },
      {
        error: (message: string, error: unknown) =>
          log('ERROR', message, { error: errorField(error) }),
      },
    ),
  );
  // An address or headers over the parser's limits get 414 or 431, not a reset connection.
  answerParserErrors(server);
  return server;
}
