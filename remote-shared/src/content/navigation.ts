import type { Link } from './types';
import { mailtoHref } from './mailto';
import { studio } from './studio';

export const navigation = {
  logoLabel: `${studio.name}, home`,
  menuLabel: 'Menu',
  closeLabel: 'Close',
  overlayLabel: 'Site menu',
  /** The full-screen overlay's links: Our Work is the work section of Home, Our Process is About. */
  overlayLinks: [
    { label: 'Our Work', href: '/#work' },
    { label: 'Our Process', href: '/about' },
    { label: 'About Us', href: '/about' },
    { label: 'Contact Us', href: '/contact' },
  ] satisfies readonly Link[],
  overlayCallToAction: "Let's work together",
  /** The /menu page's links. */
  menuPageHeading: 'Menu',
  menuPageLinks: [
    { label: 'Home', href: '/' },
    { label: 'About', href: '/about' },
    { label: 'Products', href: '/#work' },
    { label: 'Reach Us', href: '/contact' },
  ] satisfies readonly Link[],
} as const;

export const footer = {
  heading: 'Ready to start your First Day?',
  mailLabel: studio.email,
  mailHref: mailtoHref(studio.email),
  contactLink: { label: 'Start a project', href: '/contact' } satisfies Link,
  socialsLabel: 'Follow the studio',
  copyright: `© ${studio.copyrightYear} ${studio.name}. All rights reserved.`,
} as const;

export const errors = {
  title: 'Unexpected Application Error!',
  notFound: '404 Not Found',
  notFoundDetail: 'There is no page at this address.',
  crashed: 'Something went wrong while showing this page.',
  homeLink: { label: 'Back to the home page', href: '/' } satisfies Link,
  /** Where the error screen leads when the home page itself is the page that failed. */
  elsewhereLink: { label: 'Write to us instead', href: '/contact' } satisfies Link,
  unavailableTitle: 'This part of the site is unavailable right now',
  unavailableDetail:
    'We could not load it. The rest of the site still works; you can try again in a moment.',
  retryLabel: 'Try again',
  loadingLabel: 'Loading',
} as const;

/** The badge a reviewer sees on every page of a preview link. */
export const previewBadge = {
  label: 'Preview',
  heading: 'You are previewing releases that are not live',
  until: 'Link works until',
  leave: 'Leave preview',
} as const;
