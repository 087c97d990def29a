import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ErrorScreen } from '../error-screen/error-screen';
import { SiteLayout } from '../layout/site-layout';
import { MenuPage } from '../menu/menu-page';
import { ClientOnlyPage } from '../remotes/client-only-page';
import { RemotePage } from '../remotes/remote-page';
import { routes, type SiteRoute } from '../routes/route-table';

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

/** The site's routes, from the route table, with the 404 screen for any other path. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {routes.map((route: SiteRoute) => (
          <Route
            key={route.path}
            index={route.path === '/'}
            path={route.path === '/' ? undefined : route.path}
            element={elementFor(route)}
          />
        ))}
        <Route path="*" element={<ErrorScreen notFound />} />
      </Route>
    </Routes>
  );
}
