import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { answerParserErrors, refuseUnservable } from './http-hygiene.cjs';
import type { ServerConfig } from './config';
import type { PageService, ServedPage } from './page-service';
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
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [body, encoding] = /\bbr\b/.test(accepts)
    ? [page.brotli, 'br']
    : /\bgzip\b/.test(accepts)
      ? [page.gzip, 'gzip']
      : [Buffer.from(page.html), undefined];
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', page.cacheable ? cacheControl : 'no-store');
  if (page.status === 503) res.setHeader('Retry-After', '10');
  res.setHeader('ETag', page.etag);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
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

/**
 * The shell's HTTP server: every page path is rendered (or served from the render cache), the
 * shell's static build is served as a CDN would, and robots.txt, sitemap.xml and remotes.json
 * are answered from the configuration in force.
 */
export function createHttpServer(config: ServerConfig, pages: PageService): http.Server {
  const security = new SecurityHeaders(config);
  const watching = security.watch(() => pages.remotesJson);
  const fonts = createFontServer(() => pages.browserRemotes, config.deadlineMs);
  const files = sirv(path.resolve(config.staticDir), {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader(
        'Cache-Control',
        hashedAsset.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(security.forFile(req))) res.setHeader(name, value);
    // Writes, TRACE and over-long addresses get their own answers, never a page.
    if (refuseUnservable(req, res)) return;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      sendText(req, res, 400, 'text/plain', 'Bad Request\n', 'no-store');
      return;
    }
    if (pathname === '/robots.txt') {
      sendText(req, res, 200, 'text/plain; charset=utf-8', robotsTxt(config.siteOrigin));
      return;
    }
    if (pathname === '/sitemap.xml') {
      sendText(req, res, 200, 'application/xml; charset=utf-8', sitemapXml(config.siteOrigin));
      return;
    }
    if (pathname === '/remotes.json' && pages.remotesJson) {
      sendText(req, res, 200, 'application/json', pages.remotesJson, 'no-cache');
      return;
    }
    if (fonts(req, res, pathname)) return;
    // Paths without an extension are pages (a missing script or image is a real 404).
    if (!path.extname(pathname) || pathname === '/index.html') {
      void pages
        .page(pathname === '/index.html' ? '/' : pathname)
        .then(async (page) =>
          sendPage(
            req,
            res,
            page,
            config.pageCacheControl,
            await security.forPage(req, page, pages.remotesJson),
          ),
        )
        .catch(() => sendText(req, res, 503, 'text/plain', 'Unavailable\n', 'no-store'));
      return;
    }
    files(req, res, () => sendText(req, res, 404, 'text/plain', 'Not Found\n', 'no-store'));
  });
  server.on('close', () => clearInterval(watching));
  // An address or headers over the parser's limits get 414 or 431, not a reset connection.
  answerParserErrors(server);
  return server;
}
