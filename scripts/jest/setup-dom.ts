import '@testing-library/jest-dom';

import { setReducedMotion } from './media-query';

// Every test starts with full motion; tests of the reduced-motion paths ask for it.
beforeEach(() => setReducedMotion(false));

// jsdom does not scroll; pages that scroll to the top on entry call this.
window.scrollTo = (() => {}) as typeof window.scrollTo;
