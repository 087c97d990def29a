import { routes, type SiteRoute } from './routes.cjs';

/** What a requested path means, read the same way by the render server and the router. */
export type PathReading =
  /** One of the site's pages, asked for by its canonical path. */
  | { readonly kind: 'page'; readonly route: SiteRoute }
  /** One of the site's pages, asked for another way: answer with a 301 to `location`. */
  | { readonly kind: 'redirect'; readonly route: SiteRoute; readonly location: string }
  /** No page: the 404 screen, whatever the path said. */
  | { readonly kind: 'not-found' };

const notFound: PathReading = { kind: 'not-found' };

/**
 * Reads a path as it arrived (still percent-encoded, with dot segments as sent). A page has one
 * address: its route's path, lower case, without a trailing or doubled slash or dot segments.
 * Any spelling of it that differs only in those ways (`/About/`, `//about`, `/a/../about`,
 * `/%61bout`) is redirected to it; anything else is not found. An encoded `?` or `#` is part of
 * the path, not a query or a fragment, so `/about%3Fx` is not About (the browser's URL parser
 * and the router agree), and nor is a path that does not decode or that holds an encoded slash
 * or a control character.
 */
export function readPath(rawPath: string): PathReading {
  if (!rawPath.startsWith('/')) return notFound;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return notFound;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[?#\\\u0000-\u001f\u007f]|%2f/i.test(decoded) || /%2f/i.test(rawPath)) return notFound;
  const segments = decoded
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else resolved.push(segment);
  }
  const canonical = `/${resolved.join('/')}`;
  const route = routes.find((candidate) => candidate.path === canonical);
  if (!route) return notFound;
  return rawPath === route.path
    ? { kind: 'page', route }
    : { kind: 'redirect', route, location: route.path };
}
