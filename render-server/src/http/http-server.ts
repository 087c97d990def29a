import http from 'node:http';
import path from 'node:path';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { readPath } from '../../../platform/routes/canonical-path';
import {
  answerParserErrors,
  containErrors,
  refuseUnservable,
  requestUrl,
} from './http-hygiene.cjs';
import { errorField, log } from '../log';
import { notFoundPath } from '../cache/page-service';
import { createStaticFiles } from './static-files.cjs';
import type { ServerConfig } from '../config';
import type { PageService } from '../cache/page-service';
import type { ServedPage } from './served-page';
import { ContactSettings } from '../remotes/contact-settings';
import { createFontServer } from './remote-fonts';
import { robotsTxt, sitemapXml } from './site-files';
import { SecurityHeaders } from './security-headers';

const hashedAsset = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

function sendPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: ServedPage,
  cacheControl: string,
  security: Record<string, string>,
): void {
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  // q-values count: `br;q=0` refuses brotli.
  const accepted = new Negotiator(req).encoding(['br', 'gzip', 'identity']);
  const [body, encoding] =
    accepted === 'br'
      ? [page.brotli, 'br']
      : accepted === 'gzip'
        ? [page.gzip, 'gzip']
        : [Buffer.from(page.html), undefined];
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', page.cacheable ? cacheControl : 'no-store');
  if (page.status === 503) res.setHeader('Retry-After', '10');
  res.setHeader('ETag', page.etag);
  // Weak comparison and lists, as RFC 9110 says for If-None-Match.
  if (page.status === 200 && fresh(req.headers, { etag: page.etag })) {
    res.writeHead(304).end();
    return;
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(page.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

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

/**
 * The shell's HTTP server: every page path is rendered (or served from the render cache), the
 * shell's static build is served as a CDN would, and robots.txt, sitemap.xml and remotes.json
 * are answered from the configuration in force.
 */
export function createHttpServer(config: ServerConfig, pages: PageService): http.Server {
  const contact = new ContactSettings(config.deadlineMs);
  const security = new SecurityHeaders(config, contact);
  // The page policy follows the remotes the pages are rendered from, read by their one poller.
  const unfollow = pages.onRemoteSet((set) => void contact.follow(set));
  const fonts = createFontServer(() => pages.remoteSet?.browserRemotes, config.deadlineMs);
  const files = createStaticFiles({
    root: config.staticDir,
    setHeaders(res, pathname) {
      res.setHeader(
        'Cache-Control',
        hashedAsset.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const servePage = async (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    const page = await pages.page(path);
    sendPage(
      req,
      res,
      page,
      config.pageCacheControl,
      await security.forPage(req, page, pages.remoteSet),
    );
  };

  const server = http.createServer(
    containErrors(
      (req, res) => {
        for (const [name, value] of Object.entries(security.forFile(req)))
          res.setHeader(name, value);
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
        if (pathname === '/robots.txt') {
          sendText(req, res, 200, 'text/plain; charset=utf-8', robotsTxt(config.siteOrigin));
          return;
        }
        if (pathname === '/sitemap.xml') {
          sendText(req, res, 200, 'application/xml; charset=utf-8', sitemapXml(config.siteOrigin));
          return;
        }
        const remotesJson = pages.remoteSet?.remotesJson;
        if (pathname === '/remotes.json' && remotesJson) {
          sendText(req, res, 200, 'application/json', remotesJson, 'no-cache');
          return;
        }
        if (fonts(req, res, pathname)) return;
        // Paths without an extension are pages (a missing script or image is a real 404).
        if (pathname === '/index.html') return servePage(req, res, '/');
        if (path.extname(pathname)) {
          files(req, res, pathname, () =>
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
        return servePage(req, res, reading.kind === 'page' ? reading.route.path : notFoundPath);
      },
      {
        error: (message: string, error: unknown) =>
          log('ERROR', message, { error: errorField(error) }),
      },
    ),
  );
  server.on('close', unfollow);
  // An address or headers over the parser's limits get 414 or 431, not a reset connection.
  answerParserErrors(server);
  return server;
}
