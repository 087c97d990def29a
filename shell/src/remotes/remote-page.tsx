import { Suspense, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { forgetPage, lazyPage } from './lazy-pages';
import { PageLoading } from './page-loading';
import { PageUnavailable } from './page-unavailable';
import { RemoteUnavailableError, type RemotePageId } from './remote-pages';

function UnavailableOrRethrow({ error, resetErrorBoundary }: FallbackProps) {
  // A page that loaded but then threw is not "unavailable": let the route's error screen show.
  if (!(error instanceof RemoteUnavailableError)) throw error;
  return <PageUnavailable onRetry={resetErrorBoundary} />;
}

function LoadedPage({ page }: { page: RemotePageId }) {
  // lazyPage caches per page, so this is the same component on every render until a failure.
  const Page = lazyPage(page);
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}

/**
 * One remote page in the page area, lazily loaded inside its own error boundary and Suspense.
 * A failed load is forgotten, so retry (or the next visit) fetches the remote again without a
 * page reload.
 */
export function RemotePage({ page }: { page: RemotePageId }) {
  const [, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      FallbackComponent={UnavailableOrRethrow}
      onError={(error) => {
        if (error instanceof RemoteUnavailableError) {
          forgetPage(page);
          console.error(error, error.cause);
        }
      }}
      onReset={() => setAttempt((n) => n + 1)}
      resetKeys={[page]}
    >
      <Suspense fallback={<PageLoading />}>
        <LoadedPage page={page} />
      </Suspense>
    </ErrorBoundary>
  );
}
