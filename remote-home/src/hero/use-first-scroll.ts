import { useEffect, useState } from 'react';

const intents = ['scroll', 'wheel', 'touchstart', 'keydown'] as const;

/** Turns true, for good, at the first sign the visitor is about to scroll (or already has). */
export function useFirstScroll(enabled: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!enabled || scrolled) return;
    const onIntent = () => setScrolled(true);
    if (window.scrollY > 0) {
      // Arrived already scrolled (a restored position): start at once, outside this effect run.
      queueMicrotask(onIntent);
      return;
    }
    for (const type of intents)
      window.addEventListener(type, onIntent, { passive: true, once: true });
    return () => {
      for (const type of intents) window.removeEventListener(type, onIntent);
    };
  }, [enabled, scrolled]);
  return scrolled;
}
