import { privatePaths, routes } from '../../../platform/routes/routes.cjs';
import type { SiteFile } from './http-server';
import { createStaticFiles } from './static-files.cjs';

/** robots.txt: everything may be crawled, except the route table's private pages; where the sitemap is. */
function robotsTxt(siteOrigin: string): string {
  const disallowed = privatePaths.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${disallowed}\nSitemap: ${siteOrigin}/sitemap.xml\n`;
}

/** sitemap.xml: every public route of the route table, at the canonical origin. */
function sitemapXml(siteOrigin: string): string {
  const urls = routes
    .filter((route) => !('clientOnly' in route))
    .map((route) => `  <url><loc>${siteOrigin}${route.path}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The small files the server answers itself: robots.txt, sitemap.xml, the remotes.json in force. */
export function siteFileOf(
  pathname: string,
  siteOrigin: string,
  remotesJson: string | undefined,
): SiteFile | undefined {
  if (pathname === '/robots.txt')
    return { type: 'text/plain; charset=utf-8', text: robotsTxt(siteOrigin) };
  if (pathname === '/sitemap.xml')
    return { type: 'application/xml; charset=utf-8', text: sitemapXml(siteOrigin) };
  if (pathname === '/remotes.json' && remotesJson)
    return { type: 'application/json', text: remotesJson, cacheControl: 'no-cache' };
  return undefined;
}

const hashedAsset = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** The shell's static build, as a CDN would serve it: hashed files kept for a year. */
export const shellFiles = (staticDir: string) =>
  createStaticFiles({
    root: staticDir,
    setHeaders(res, pathname) {
      res.setHeader(
        'Cache-Control',
        hashedAsset.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
