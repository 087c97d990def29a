import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@firstday/router';
import { pageArrivalDeadlineMs } from '../../../platform/deadlines.cjs';

/**
 * Scrolling on navigation: a new page starts at its top; `/#work`-style targets are brought into
 * view once they exist (pages arrive from remotes a moment after the route changes); back and
 * forward leave the position to the browser.
 */
export function useNavigationScroll(): void {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash)
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key, hash, navigationType]);

  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const started = performance.now();
    let frame = 0;
    const look = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        return;
      }
      if (performance.now() - started < pageArrivalDeadlineMs) frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
