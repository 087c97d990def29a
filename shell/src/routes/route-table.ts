import type { PageId } from 'remote-shared/content';
import type * as AboutPageModule from 'remote-home/about-page';
import type * as HomePageModule from 'remote-home/home-page';
import type * as ContactPageModule from 'remote-contact/contact-page';
import type * as StaffInboxModule from 'remote-contact/staff-inbox';

/**
 * The exposed page modules the site loads, typed with what each remote really exposes (tsconfig
 * paths), so the shell stops type-checking if a remote changes one of them.
 */
export interface ExposedPages {
  'remote-home/home-page': typeof HomePageModule;
  'remote-home/about-page': typeof AboutPageModule;
  'remote-contact/contact-page': typeof ContactPageModule;
  'remote-contact/staff-inbox': typeof StaffInboxModule;
}

export type PageModuleId = keyof ExposedPages;

export interface SiteRoute {
  readonly path: string;
  /** Its title and description in remote-shared's content. */
  readonly page: PageId;
  /** The remote page shown there; without one, the shell draws the page itself. */
  readonly module?: PageModuleId;
  /**
   * A private page (the staff inbox): drawn in the browser only, so the server sends the chrome
   * and the page area's loading state; never cached and never indexed (no-store, noindex, not
   * in the sitemap).
   */
  readonly clientOnly?: true;
}

/**
 * The one table of the site's routes: the router, the render server, the head tags, the sitemap
 * and the early loading of a page's files all read it. Any other path is the 404 screen.
 */
export const routes = [
  { path: '/', page: 'home', module: 'remote-home/home-page' },
  { path: '/about', page: 'about', module: 'remote-home/about-page' },
  { path: '/contact', page: 'contact', module: 'remote-contact/contact-page' },
  { path: '/menu', page: 'menu' },
  { path: '/staff', page: 'staff', module: 'remote-contact/staff-inbox', clientOnly: true },
] as const satisfies readonly SiteRoute[];

export type RemoteAlias = 'remote-home' | 'remote-contact' | 'remote-shared';

/** The remote that serves an exposed module ("remote-home/home-page" -> "remote-home"). */
export function remoteOf(module: PageModuleId): RemoteAlias {
  return module.slice(0, module.indexOf('/')) as RemoteAlias;
}

/** The exposed path inside its remote ("remote-home/home-page" -> "./home-page"). */
export function exposeOf(module: PageModuleId): string {
  return `.${module.slice(module.indexOf('/'))}`;
}

/** Whether a path is a private, browser-only page (see SiteRoute.clientOnly). */
export function isClientOnly(pathname: string): boolean {
  return routeFor(pathname)?.clientOnly === true;
}

/** The route a path belongs to (a trailing slash is the same page), or undefined for a 404. */
export function routeFor(pathname: string): SiteRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === path);
}
