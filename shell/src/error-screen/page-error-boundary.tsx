import type { ReactNode } from 'react';
import { useLocation } from '@firstday/router';
import { ErrorBoundary } from '../remotes/error-boundary';
import { ErrorScreen } from './error-screen';

/**
 * Catches a page that throws and shows the error screen inside the normal chrome. It logs the
 * error for developers and never shows a stack trace. Navigating elsewhere starts afresh (the
 * boundary is keyed by the path).
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      key={pathname}
      fallback={() => <ErrorScreen />}
      onError={(error) => console.error('A page failed:', error)}
    >
      {children}
    </ErrorBoundary>
  );
}
