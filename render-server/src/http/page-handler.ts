import type http from 'node:http';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { overHttps } from '../../../platform/security/security-policy.cjs';
import type { ServerConfig } from '../config';
import type { LaneChoice } from '../lanes/visitor-lane';
import type { PageAnswer } from '../pages/page-service';
import type { ServedPage } from '../pages/served-page';
import type { RemoteSet } from '../remotes/remote-set';
import type { SecurityHeaders } from './security-headers';

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
  // A preview, and a page that could not be served (its page says noindex too), are not indexed.
  if (delivery.preview || page.status === 503) res.setHeader('X-Robots-Tag', 'noindex');
  if (page.status === 503) res.setHeader('Retry-After', String(page.retryAfterSeconds ?? 10));
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

/** What the page handler is given: the pages, the visitor's lane, the headers of a page. */
export interface PageHandlerParts {
  readonly config: Pick<ServerConfig, 'pageCacheControl'>;
  /** The canary in force, if any. */
  readonly canary: () => { readonly id: string; readonly share: number } | null;
  /** Which lane a request is served in (its cookie, a draw). */
  readonly laneOf: (
    req: http.IncomingMessage,
    canary: { readonly id: string; readonly share: number } | null,
    https: boolean,
  ) => LaneChoice;
  readonly page: (pathname: string, lane: LaneChoice['lane']) => Promise<PageAnswer>;
  readonly liveSet: () => RemoteSet | undefined;
  readonly security: SecurityHeaders;
}

/** Answers a page path: the visitor's lane, the page from the page service, its headers. */
export function createPageHandler(parts: PageHandlerParts) {
  return async (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    const canary = parts.canary();
    const choice = parts.laneOf(req, canary, overHttps(req));
    const { page, set } = await parts.page(pathname, choice.lane);
    sendPage(req, res, page, {
      cacheControl: parts.config.pageCacheControl,
      security: await parts.security.forPage(req, page, parts.liveSet(), set),
      setCookie: choice.setCookie,
      byCookie: canary !== null,
      preview: choice.lane.kind === 'preview',
    });
  };
}
