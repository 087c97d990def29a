import '@testing-library/jest-dom';

import { setReducedMotion } from '../dom/media-query';

// A test file may choose the node environment (a server under test); the rest is for jsdom.
if (typeof window !== 'undefined') {
  // Every test starts with full motion; tests of the reduced-motion paths ask for it.
  beforeEach(() => setReducedMotion(false));

  // jsdom does not scroll; pages that scroll to the top on entry call this.
  window.scrollTo = (() => {}) as typeof window.scrollTo;

  // jsdom plays no media; a video that starts asks for its sources with load().
  HTMLMediaElement.prototype.load = () => {};
}
