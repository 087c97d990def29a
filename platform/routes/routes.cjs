// @ts-check
/**
 * The one table of the site's routes: the router, the render server, the head tags, robots.txt,
 * the sitemap and the early loading of a page's files all read it. Any other path is the 404
 * screen. The shell checks each `module` against what the remotes really expose.
 */

/**
 * @typedef {'remote-home' | 'remote-contact' | 'remote-shared'} RemoteAlias
 * @typedef {object} RouteFacts
 * @property {string} path
 * @property {string} page Its title and description in remote-shared's content.
 * @property {`${RemoteAlias}/${string}`} [module] The remote page shown there; without one, the
 *   shell draws the page itself.
 * @property {true} [clientOnly] A private page (the staff inbox): drawn in the browser only, so the
 *   server sends the chrome and the page area's loading state; never cached and never indexed
 *   (no-store, noindex, disallowed in robots.txt, not in the sitemap).
 */

const routes = /** @type {const} */ ([
  { path: '/', page: 'home', module: 'remote-home/home-page' },
  { path: '/about', page: 'about', module: 'remote-home/about-page' },
  { path: '/contact', page: 'contact', module: 'remote-contact/contact-page' },
  { path: '/menu', page: 'menu' },
  { path: '/staff', page: 'staff', module: 'remote-contact/staff-inbox', clientOnly: true },
]);

/** @typedef {(typeof routes)[number]} SiteRoute */

/**
 * The route a path belongs to (a trailing slash is the same page), or undefined for a 404.
 * @param {string} pathname
 * @returns {SiteRoute | undefined}
 */
function routeFor(pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === path);
}

/**
 * Whether a path is a private, browser-only page (see RouteFacts.clientOnly).
 * @param {string} pathname
 */
function isClientOnly(pathname) {
  const route = routeFor(pathname);
  return route !== undefined && 'clientOnly' in route && route.clientOnly === true;
}

/**
 * The path of a page ('staff' -> '/staff'), for whatever links to it or prints it.
 * @param {SiteRoute['page']} page
 * @returns {string}
 */
function pathOf(page) {
  const route = routes.find((candidate) => candidate.page === page);
  if (!route) throw new Error(`No route shows the page ${page}`);
  return route.path;
}

/** The paths robots may not crawl: the private pages. */
const privatePaths = routes.filter((route) => 'clientOnly' in route).map((route) => route.path);

/**
 * The remote that serves an exposed module ("remote-home/home-page" -> "remote-home").
 * @param {`${RemoteAlias}/${string}`} module
 * @returns {RemoteAlias}
 */
function remoteOf(module) {
  return /** @type {RemoteAlias} */ (module.slice(0, module.indexOf('/')));
}

/**
 * The exposed path inside its remote ("remote-home/home-page" -> "./home-page").
 * @param {`${RemoteAlias}/${string}`} module
 */
function exposeOf(module) {
  return `.${module.slice(module.indexOf('/'))}`;
}

module.exports = { routes, routeFor, isClientOnly, pathOf, privatePaths, remoteOf, exposeOf };
