import { useLayoutEffect } from 'react';

/** Pages that must open at their top (About, Contact) call this once on mount. */
export function useScrollToTopOnEntry(): void {
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
}
