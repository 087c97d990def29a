import { useEffect } from 'react';
import { useLocation } from '@firstday/router';
import { pages } from 'remote-shared/content';
import { routeFor } from '../routes/route-table';

/** Keeps the document's title on the page's own as the visitor navigates in the browser. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pages[routeFor(pathname)?.page ?? 'notFound'].title;
  }, [pathname]);
}
