import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

/** Renders routes in a memory router, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/'): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

/** Renders one element at `/` (and any other path) inside a router. */
export function renderWithRouter(element: ReactElement, path = '/'): RenderResult {
  return renderRoutes([{ path: '*', element }], path);
}
