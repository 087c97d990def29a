export { usePrefersReducedMotion } from './use-prefers-reduced-motion';
export { useScrollToTopOnEntry } from './use-scroll-to-top-on-entry';
export { useFocusTrap } from './use-focus-trap';
export { tapCaptureScript, useTapReplay } from './tap-replay';
export { rememberVisitSource, visitLandingScript, visitSource } from './visit-source';
