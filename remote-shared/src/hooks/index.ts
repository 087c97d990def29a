export { usePrefersReducedMotion, prefersReducedMotion } from './use-prefers-reduced-motion';
export { useScrollToTopOnEntry } from './use-scroll-to-top-on-entry';
export { useFocusTrap, type FocusTrapOptions } from './use-focus-trap';
