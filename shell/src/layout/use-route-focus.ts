import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from '@firstday/router';
import { pageArrivalDeadlineMs } from '../../../platform/deadlines.cjs';

/**
 * After a client-side navigation, focus moves to the new page's main heading, so keyboard users
 * start from the top of the new page and screen readers announce it (as the browser would on a
 * page load). Not on the first load, not on back/forward (the browser restores those), and not
 * for in-page anchors. Pages arrive from remotes a moment after the route changes, so it waits
 * for the heading (or gives up and focuses the page area).
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP' || hash) return;
    const started = performance.now();
    let frame = 0;
    const look = () => {
      const area = main.current;
      const heading = area?.querySelector<HTMLElement>('h1');
      if (heading || (area && performance.now() - started > pageArrivalDeadlineMs)) {
        const target = heading ?? area!;
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        return;
      }
      frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [key, hash, navigationType, main]);
}
