import shareAbout from '../media/share-about.jpg';
import shareContact from '../media/share-contact.jpg';
import shareHome from '../media/share-home.jpg';
import shareMenu from '../media/share-menu.jpg';
import { studio } from './studio';
import type { ImageAsset } from './types';

/** What a search result or a link preview says about one page of the site. */
export interface PageMeta {
  /** The document title, "About Us · First Day Studio". */
  readonly title: string;
  /** One sentence, for the meta description and link previews. */
  readonly description: string;
  /** The page's link-preview picture, 1200x630 (made by tools/media/share-images.sh). */
  readonly shareImage: ImageAsset;
}

const share = (src: string, alt: string): ImageAsset => ({ src, width: 1200, height: 630, alt });

const titled = (name: string) => `${name} · ${studio.name}`;

/** Every page's title and description; the shell's route table names which page is which. */
export const pages = {
  home: {
    title: `${studio.name} · Digital Agency`,
    description:
      'First Day Studio is a full-service digital studio that designs and builds immersive websites and brand experiences.',
    shareImage: share(shareHome, 'First Day Studio: We are a full service Digital Agency.'),
  },
  about: {
    title: titled('About Us'),
    description:
      'Why First Day Studio treats every project like a first day: open eyes, honest questions and a light process that learns as it goes.',
    shareImage: share(shareAbout, 'About First Day Studio: every day is a new beginning.'),
  },
  contact: {
    title: titled('Contact Us'),
    description:
      'Tell First Day Studio about your project, brand or idea; a real person answers every message within two working days.',
    shareImage: share(shareContact, 'Contact First Day Studio: tell us about your project.'),
  },
  menu: {
    title: titled('Menu'),
    description: 'Find your way around First Day Studio: our work, our story and how to reach us.',
    shareImage: share(shareMenu, 'First Day Studio: our work, our story, how to reach us.'),
  },
  staff: {
    title: titled('Staff inbox'),
    description: 'Where the First Day Studio team reads and answers project requests.',
    // Never indexed or shared publicly; the home picture stands in for link previews.
    shareImage: share(shareHome, 'First Day Studio: We are a full service Digital Agency.'),
  },
  notFound: {
    title: titled('Page not found'),
    description: 'There is no page at this address on the First Day Studio website.',
    shareImage: share(shareHome, 'First Day Studio: We are a full service Digital Agency.'),
  },
} as const satisfies Record<string, PageMeta>;

export type PageId = keyof typeof pages;
