import { privatePaths, routes } from '../../../platform/routes/routes.cjs';

/** robots.txt: everything may be crawled, except the route table's private pages; where the sitemap is. */
export function robotsTxt(siteOrigin: string): string {
  const disallowed = privatePaths.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${disallowed}\nSitemap: ${siteOrigin}/sitemap.xml\n`;
}

/** sitemap.xml: every public route of the route table, at the canonical origin. */
export function sitemapXml(siteOrigin: string): string {
  const urls = routes
    .filter((route) => !('clientOnly' in route))
    .map((route) => `  <url><loc>${siteOrigin}${route.path}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
