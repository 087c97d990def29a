/**
 * jsdom has no matchMedia. This stand-in answers "no" to every query, except
 * (prefers-reduced-motion: reduce) when a test asks for reduced motion.
 */
export function setReducedMotion(reduce: boolean): void {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
