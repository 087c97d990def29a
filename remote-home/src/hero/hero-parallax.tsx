import type { RefObject } from 'react';
import { useScrollParallax } from './use-scroll-parallax';

export interface HeroParallaxProps {
  scope: RefObject<HTMLElement | null>;
  text: RefObject<HTMLElement | null>;
  quote: RefObject<HTMLElement | null>;
}

/**
 * The hero's scroll motion, as a component of its own so that it (and gsap with it) loads only
 * once the visitor starts to scroll: at the top of the page nothing moves, and the first screen
 * is not kept waiting for 27 KB of animation library.
 */
export default function HeroParallax({ scope, text, quote }: HeroParallaxProps) {
  useScrollParallax(scope, text, quote, true);
  return null;
}
