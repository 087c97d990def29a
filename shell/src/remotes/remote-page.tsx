import { Suspense, use, useEffect, useState } from 'react';
import { ErrorBoundary } from './error-boundary';
import type { PageModuleId } from '../routes/route-table';
import { forgetInitialPage, useInitialPages } from './initial-pages';
import { forgetPage, lazyPage } from './lazy-pages';
import { PageLoading } from './page-loading';
import { PageUnavailable } from './page-unavailable';
import { RemoteUnavailableError } from './remote-pages';

function UnavailableOrRethrow({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // A page that loaded but then threw is not "unavailable": let the route's error screen show.
  if (!(error instanceof RemoteUnavailableError)) throw error;
  return <PageUnavailable onRetry={onRetry} />;
}

function LoadedPage({ page }: { page: PageModuleId }) {
  // lazyPage caches per page, so this is the same component on every render until a failure.
  const Page = lazyPage(page);
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}

const never = new Promise<never>(() => {});

/** Suspends for good: during hydration React then keeps the server's HTML on screen. */
function HeldPage(): never {
  return use(never);
}

/**
 * One remote page in the page area, lazily loaded inside its own error boundary and Suspense.
 * A failed load is forgotten, so retry (or the next visit) fetches the remote again without a
 * page reload. The first render follows what the server drew (see InitialPages).
 */
export function RemotePage({ page }: { page: PageModuleId }) {
  const initial = useInitialPages();
  const [start, setStart] = useState(() =>
    initial.unavailable.has(page) ? 'unavailable' : initial.held.has(page) ? 'held' : 'load',
  );
  useEffect(() => forgetInitialPage(initial, page), [initial, page]);
  const [, setAttempt] = useState(0);
  if (start === 'unavailable') return <PageUnavailable onRetry={() => setStart('load')} />;
  return (
    <ErrorBoundary
      fallback={(error, retry) => (
        <UnavailableOrRethrow
          error={error}
          onRetry={() => {
            setAttempt((n) => n + 1);
            retry();
          }}
        />
      )}
      onError={(error) => {
        if (error instanceof RemoteUnavailableError) {
          forgetPage(page);
          console.error(error, error.cause);
        }
      }}
    >
      <Suspense fallback={<PageLoading />}>
        {start === 'held' ? <HeldPage /> : <LoadedPage page={page} />}
      </Suspense>
    </ErrorBoundary>
  );
}
