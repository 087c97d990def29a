import logo from '../media/logo.png';
import type { SocialLink, Studio } from './types';

export const studio: Studio = {
  name: 'First Day Studio',
  email: 'info@firstday.studio',
  copyrightYear: 2022,
  logo,
};

export const socials: readonly SocialLink[] = [
  {
    id: 'x',
    label: 'X',
    accessibleName: 'First Day Studio on X',
    href: 'https://x.com/firstdaystudio',
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    accessibleName: 'First Day Studio on LinkedIn',
    href: 'https://www.linkedin.com/company/firstday-studio',
  },
  {
    id: 'dribbble',
    label: 'Dribbble',
    accessibleName: 'First Day Studio on Dribbble',
    href: 'https://dribbble.com/firstdaystudio',
  },
];

/** The studio's Dribbble profile, where "See More" leads. */
export const dribbbleProfile: string = socials.find((s) => s.id === 'dribbble')!.href;
