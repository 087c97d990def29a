import { useSyncExternalStore } from 'react';
import type { PageModuleId } from '../routes/route-table';
import { useInitialPages } from './initial-pages';
import { PageLoading } from './page-loading';
import { RemotePage } from './remote-page';

const noChanges = () => () => {};

/**
 * A remote page drawn in the browser only: the server, and the first render while hydrating,
 * show the loading state (so both agree); right after, the page loads as any remote page does.
 */
export function ClientOnlyPage({ page }: { page: PageModuleId }) {
  // false on the server and while hydrating, true from then on (and on client navigation).
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const initial = useInitialPages();
  if (!inBrowser) return <PageLoading />;
  // The server drew no page that could stay on screen, so code that could not be loaded before
  // hydration is "unavailable" (with Retry) rather than held.
  if (initial.held.delete(page)) initial.unavailable.add(page);
  return <RemotePage page={page} />;
}
