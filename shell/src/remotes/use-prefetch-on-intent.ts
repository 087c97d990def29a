import { useEffect, type RefObject } from 'react';
import { routeFor } from '../routes/route-table';
import { isPageLoaded, preloadPage } from './lazy-pages';

/** Signs that the visitor is about to follow a link: a pointer over it, a touch, focus. */
const intents = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Fetches the code of the page a link of this site leads to, unless it is loaded or on its way.
 * A failed fetch is left for the navigation itself to report (it loads, and retries, as before).
 */
function prefetchLink(target: EventTarget | Element | null): void {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  const route = routeFor(link.pathname);
  if (!route?.module || route.clientOnly || isPageLoaded(route.module)) return;
  preloadPage(route.module).catch(() => undefined);
}

/**
 * Fetches the code of the page a link leads to as soon as the visitor shows intent to follow it,
 * so the tap that follows renders the page at once instead of waiting for its remote.
 */
export function usePrefetchOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => prefetchLink(event.target);
    for (const type of intents)
      document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of intents) document.removeEventListener(type, onIntent, true);
    };
  }, []);
}

/**
 * Opening a menu of pages is intent towards all of them: a touch on one of its links comes too
 * late (a tap's touchstart precedes its click by a few milliseconds) to fetch on a phone network.
 */
export function usePrefetchLinksWhenOpen(
  container: RefObject<HTMLElement | null>,
  open: boolean,
): void {
  useEffect(() => {
    if (!open) return;
    container.current?.querySelectorAll('a[href]').forEach(prefetchLink);
  }, [container, open]);
}
