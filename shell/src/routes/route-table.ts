import type { PageId } from 'remote-shared/content';
import type * as AboutPageModule from 'remote-home/about-page';
import type * as HomePageModule from 'remote-home/home-page';
import type * as ContactPageModule from 'remote-contact/contact-page';
import type * as StaffInboxModule from 'remote-contact/staff-inbox';
import * as facts from '../../../platform/routes/routes.cjs';

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
export type RemoteAlias = facts.RemoteAlias;

/** A route of the platform's table, as the shell reads it: its page and module checked. */
export interface SiteRoute {
  readonly path: string;
  readonly page: PageId;
  readonly module?: PageModuleId;
  readonly clientOnly?: true;
}

/** The platform's one table of routes; this line stops compiling if it names a page or module the apps do not have. */
export const routes: readonly SiteRoute[] = facts.routes;

export const routeFor: (pathname: string) => SiteRoute | undefined = facts.routeFor;
export const remoteOf: (module: PageModuleId) => RemoteAlias = facts.remoteOf;
export const exposeOf: (module: PageModuleId) => string = facts.exposeOf;
