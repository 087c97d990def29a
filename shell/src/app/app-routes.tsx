import type { ReactElement } from 'react';
import { Navigate, useLocation } from '@firstday/router';
import { ErrorScreen } from '../error-screen/error-screen';
import { SiteLayout } from '../layout/site-layout';
import { MenuPage } from '../menu/menu-page';
import { ClientOnlyPage } from '../remotes/client-only-page';
import { RemotePage } from '../remotes/remote-page';
import { readPath } from '../../../platform/routes/canonical-path';
import { routeFor, type SiteRoute } from '../routes/route-table';

/** Pages the shell draws itself, by their content id. */
const shellPages: Partial<Record<SiteRoute['page'], ReactElement>> = { menu: <MenuPage /> };

function elementFor(route: SiteRoute): ReactElement {
  // Keyed by page: moving from one remote page to another starts afresh, not from its state.
  if (route.module && route.clientOnly)
    return <ClientOnlyPage key={route.module} page={route.module} />;
  if (route.module) return <RemotePage key={route.module} page={route.module} />;
  const element = shellPages[route.page];
  if (!element) throw new Error(`No page for ${route.path}`);
  return element;
}

/**
 * Any path no route matches: another spelling of a page's address goes to that address, as the
 * render server's 301 does; anything else is the 404 screen.
 */
function UnknownPath() {
  const { pathname, search, hash } = useLocation();
  const reading = readPath(pathname);
  if (reading.kind === 'redirect')
    return <Navigate to={`${reading.location}${search}${hash}`} replace />;
  return <ErrorScreen notFound />;
}

/**
 * The page at the visitor's path, from the route table, in the site's chrome; the 404 screen for
 * any other path. Matching is case-sensitive, as the render server's is: /About is another
 * spelling, not the page.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = routeFor(pathname);
  return <SiteLayout>{route ? elementFor(route) : <UnknownPath />}</SiteLayout>;
}
