import { useLayoutEffect } from 'react';

/**
 * While `locked`, the page does not scroll; when released, it is exactly where it was.
 * Overflow on the root element keeps the position, and scrollbar-gutter keeps the width.
 */
export function useScrollLock(locked: boolean): void {
  useLayoutEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const { scrollX, scrollY } = window;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
      window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
    };
  }, [locked]);
}
