import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const giveUpAfterMs = 5000;

/**
 * Brings `/#work`-style targets into view. Pages arrive from remotes a moment after the route
 * changes, so this waits for the element to exist rather than looking once.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
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
      if (performance.now() - started < giveUpAfterMs) frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
