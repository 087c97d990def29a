import { useGSAP } from '@gsap/react';
import gsap from 'gsap';
import type { RefObject } from 'react';
import { heroShift, quoteOpacity } from './scroll-motion';

/**
 * Moves the hero text and fades the quote with the scroll offset. A passive scroll listener with
 * quickSetters is all this needs (no ScrollTrigger); useGSAP reverts the inline styles and the
 * listener on unmount or when reduced motion switches on.
 */
export function useScrollParallax(
  scope: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  quote: RefObject<HTMLElement | null>,
  enabled: boolean,
): void {
  useGSAP(
    () => {
      if (!enabled || !text.current || !quote.current) return;
      const setY = gsap.quickSetter(text.current, 'y', 'px');
      const setOpacity = gsap.quickSetter(quote.current, 'opacity');
      const update = () => {
        setY(heroShift(window.scrollY));
        setOpacity(quoteOpacity(window.scrollY));
      };
      update();
      window.addEventListener('scroll', update, { passive: true });
      return () => {
        window.removeEventListener('scroll', update);
        gsap.set([text.current, quote.current], { clearProps: 'transform,opacity' });
      };
    },
    { scope, dependencies: [enabled], revertOnUpdate: true },
  );
}
