import '@testing-library/jest-dom';

// jsdom has no matchMedia; tests that care about reduced motion replace it per test.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; pages that scroll to the top on entry call this.
window.scrollTo = (() => {}) as typeof window.scrollTo;
