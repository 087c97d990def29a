import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorScreen, RouteErrorScreen } from '../error-screen/error-screen';
import { SiteLayout } from '../layout/site-layout';
import { MenuPage } from '../menu/menu-page';
import { RemotePage } from '../remotes/remote-page';

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      {
        // Errors render inside the layout, so navigation and footer stay usable.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <RemotePage page="home" /> },
          { path: 'about', element: <RemotePage page="about" /> },
          { path: 'contact', element: <RemotePage page="contact" /> },
          { path: 'menu', element: <MenuPage /> },
          { path: '*', element: <ErrorScreen notFound /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
