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
import { answerPreviewPath } from './preview-routes';
import { CanaryDraw, laneFor } from '../lanes/visitor-lane';
import { overHttps } from '../../../platform/security/security-policy.cjs';
import { beaconPath } from '../../../platform/field-data/beacon.cjs';

const hashedAsset = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** How one page answer is sent, beyond the page itself. */
interface PageDelivery {
  readonly cacheControl: string;
  readonly security: Record<string, string>;
  /** A cohort or session cookie to set: the answer is then the visitor's own, never shared. */
  readonly setCookie?: string;
  /** Pages differ by the session cookie (a canary runs): caches must key on it. */
  readonly byCookie: boolean;
  /** A reviewer's preview: never stored, never indexed. */
  readonly preview: boolean;
}

function sendPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: ServedPage,
  delivery: PageDelivery,
): void {
  for (const [name, value] of Object.entries(delivery.security)) res.setHeader(name, value);
  // q-values count: `br;q=0` refuses brotli.
  const accepted = new Negotiator(req).encoding(['br', 'gzip', 'identity']);
  const [body, encoding] =
    accepted === 'br'
      ? [page.brotli, 'br']
      : accepted === 'gzip'
        ? [page.gzip, 'gzip']
        : [Buffer.from(page.html), undefined];
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', delivery.byCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  res.setHeader(
    'Cache-Control',
    delivery.preview || !page.cacheable
      ? 'no-store'
      : delivery.setCookie
        ? 'private, no-store'
        : delivery.cacheControl,
  );
  if (delivery.setCookie) res.setHeader('Set-Cookie', delivery.setCookie);
  if (delivery.preview) res.setHeader('X-Robots-Tag', 'noindex');
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
export function createHttpServer(
  config: ServerConfig,
  pages: PageService,
  /** Takes field-data beacons (POST beaconPath); without it they are refused like any write. */
  beacons?: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): http.Server {
  const draw = new CanaryDraw();
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
    const canary = pages.canary;
    const https = overHttps(req);
    const choice = laneFor(req, canary, config.previewSecret, draw, https);
    const { page, set } = await pages.page(path, choice.lane);
    sendPage(req, res, page, {
      cacheControl: config.pageCacheControl,
      security: await security.forPage(req, page, pages.remoteSet, set),
      setCookie: choice.setCookie,
      byCookie: canary !== null,
      preview: choice.lane.kind === 'preview',
    });
  };

  const server = http.createServer(
    containErrors(
      (req, res) => {
        for (const [name, value] of Object.entries(security.forFile(req)))
          res.setHeader(name, value);
        // Field data is the one thing posted here, and its handler checks everything itself.
        if (beacons && rawPath(req.url ?? '') === beaconPath) return beacons(req, res);
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
        if (answerPreviewPath(req, res, pathname, config.previewSecret, overHttps(req))) return;
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
