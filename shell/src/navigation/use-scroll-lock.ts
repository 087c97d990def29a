import { useLayoutEffect, type RefObject } from 'react';

/**
 * While `locked`, the page behind a modal does not scroll; when released, it is exactly where it
 * was. Three parts, because browsers differ:
 * - `overflow: hidden` on the root element stops wheel, keyboard and scrollbar scrolling and,
 *   unlike fixing the body in place, keeps the scroll position (scrollbar-gutter keeps the
 *   width); iOS Safari honours it on the root element since iOS 16;
 * - older iOS Safari scrolls the page on touch regardless, so touch moves that start outside
 *   the modal's own scrolling area are cancelled (a non-passive touchmove listener);
 * - the modal's area has `overscroll-behavior: contain` in its CSS, so reaching its end does not
 *   hand the scroll on to the page.
 * On release the position is put back explicitly, in case anything moved it meanwhile.
 */
export function useScrollLock(locked: boolean, scrollable?: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const { scrollX, scrollY } = window;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    const cancelOutside = (event: TouchEvent) => {
      const area = scrollable?.current;
      if (!area || !(event.target instanceof Node) || !area.contains(event.target)) {
        if (event.cancelable) event.preventDefault();
      }
    };
    document.addEventListener('touchmove', cancelOutside, { passive: false });
    return () => {
      document.removeEventListener('touchmove', cancelOutside);
      root.style.overflow = previous;
      window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
    };
  }, [locked, scrollable]);
}
