import { useEffect } from 'react';
import { routeFor } from '../routes/route-table';
import { isPageLoaded, preloadPage } from './lazy-pages';

/** Signs that the visitor is about to follow a link: a pointer over it, a touch, focus. */
const intents = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Fetches the code of the page a link leads to as soon as the visitor shows intent to follow it,
 * so the tap that follows renders the page at once instead of waiting for its remote. A failed
 * fetch is left for the navigation itself to report (it loads, and retries, as before).
 */
export function usePrefetchOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const route = routeFor(link.pathname);
      if (!route?.module || route.clientOnly || isPageLoaded(route.module)) return;
      preloadPage(route.module).catch(() => undefined);
    };
    for (const type of intents)
      document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of intents) document.removeEventListener(type, onIntent, true);
    };
  }, []);
}
