import type { Link } from './types';

export const hero = {
  headline: 'We are a full service Digital Agency.',
  contactLink: { label: 'Contact Us', href: '/contact' } satisfies Link,
  quote: 'Every day is a first day: a blank canvas, a new idea, a fresh start.',
  quoteAttribution: 'The First Day Studio manifesto',
  musicHint: 'Click to play music',
  musicPlayLabel: 'Play background music',
  musicPauseLabel: 'Pause background music',
} as const;

export const intro = {
  headline: 'We build immersive website experiences that align brand and product.',
  knowMore: { label: 'Know more', href: '/about' } satisfies Link,
} as const;

export const aboutBlock = {
  heading: 'About Us',
  text: 'First Day Studio is a small, senior team of designers, developers and 3D artists. We treat every project as a first day: curious, careful and ready to make something that has not been made before.',
  knowMore: { label: 'Know more', href: '/about' } satisfies Link,
} as const;
