import { createContext, useContext } from 'react';
import type { PageModuleId } from '../routes/route-table';

/**
 * How the page that was rendered on the server must look when the browser takes it over, so
 * that hydration finds the same tree:
 * - unavailable: the server could not load it and drew the "unavailable" state;
 * - held: the server drew it, but its code cannot be loaded in this browser; the server's HTML
 *   stays as it is (readable, not interactive) instead of being replaced by an error.
 */
export interface InitialPages {
  readonly unavailable: Set<PageModuleId>;
  readonly held: Set<PageModuleId>;
}

/** Only the page the visitor arrived on starts from the server's state; later visits load. */
export function forgetInitialPage(pages: InitialPages, page: PageModuleId): void {
  pages.unavailable.delete(page);
  pages.held.delete(page);
}

const none: InitialPages = { unavailable: new Set(), held: new Set() };

export const InitialPagesContext = createContext<InitialPages>(none);

export const useInitialPages = (): InitialPages => useContext(InitialPagesContext);
