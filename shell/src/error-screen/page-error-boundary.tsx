import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from '@firstday/router';
import { ErrorScreen } from './error-screen';

/**
 * Catches a page that throws and shows the error screen inside the normal chrome. It logs the
 * error for developers and never shows a stack trace. Navigating elsewhere starts afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      fallback={<ErrorScreen />}
      onError={(error) => console.error('A page failed:', error)}
      resetKeys={[pathname]}
    >
      {children}
    </ErrorBoundary>
  );
}
