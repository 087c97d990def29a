import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

/** Renders `routes` (a <Route> tree) in a memory router, starting at `path`. */
export function renderRoutes(routes: ReactElement, path = '/'): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>{routes}</Routes>
    </MemoryRouter>,
  );
}

/** Renders one element at `path` (and any other path) inside a router. */
export function renderWithRouter(element: ReactElement, path = '/'): RenderResult {
  return renderRoutes(<Route path="*" element={element} />, path);
}
