import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from '@firstday/router';

/** Renders `element` inside a memory router that starts at `path`. */
export function renderWithRouter(element: ReactElement, path = '/'): RenderResult {
  return render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}

/** A test's small site: the element of `pages` at the router's path, nothing elsewhere. */
export function PageAt({ pages }: { pages: Record<string, ReactElement> }) {
  return pages[useLocation().pathname] ?? null;
}
