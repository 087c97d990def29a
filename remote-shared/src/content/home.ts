import bandMp4 from '../media/band.mp4';
import bandPoster from '../media/band-poster.webp';
import bandWebm from '../media/band.webm';
import decor from '../media/decor.webp';
import heroMp4 from '../media/hero.mp4';
import heroPoster from '../media/hero-poster.webp';
import heroWebm from '../media/hero.webm';
import music from '../media/music.mp3';
import serviceDesign from '../media/service-design.webp';
import serviceDevelopment from '../media/service-development.webp';
import serviceGrowth from '../media/service-growth.webp';
import serviceSeo from '../media/service-seo.webp';
import teamArtist from '../media/team-artist.webp';
import teamCreative from '../media/team-creative.webp';
import teamDeveloper from '../media/team-developer.webp';
import teamSeo from '../media/team-seo.webp';
import workCamplain from '../media/work-camplain.webp';
import workChingari from '../media/work-chingari.webp';
import workPanda from '../media/work-panda.webp';
import { dribbbleProfile } from './studio';
import type { ImageAsset, Link, PortfolioTile, ServiceLine, TeamMember, VideoAsset } from './types';

export const hero = {
  headline: 'We are a full service Digital Agency.',
  contactLink: { label: 'Contact Us', href: '/contact' } satisfies Link,
  quote: 'Every day is a first day: a blank canvas, a new idea, a fresh start.',
  quoteAttribution: 'The First Day Studio manifesto',
  musicHint: 'Click to play music',
  musicPlayLabel: 'Play background music',
  musicPauseLabel: 'Pause background music',
  video: {
    webm: heroWebm,
    mp4: heroMp4,
    poster: { src: heroPoster, width: 224, height: 126, alt: '' },
  } satisfies VideoAsset,
  /** An original ambient loop, made by tools/media/music.sh. */
  music,
} as const;

export const intro = {
  headline: 'We build immersive website experiences that align brand and product.',
  knowMore: { label: 'Know more', href: '/about' } satisfies Link,
} as const;

export const aboutBlock = {
  heading: 'About Us',
  text: 'First Day Studio is a small, senior team of designers, developers and 3D artists. We treat every project as a first day: curious, careful and ready to make something that has not been made before.',
  knowMore: { label: 'Know more', href: '/about' } satisfies Link,
  image: { src: decor, width: 720, height: 720, alt: '' } satisfies ImageAsset,
} as const;

export const teamSection = {
  heading: 'The team',
  eyebrow: 'People behind the pixels',
  pauseLabel: 'Pause the team showcase',
  playLabel: 'Play the team showcase',
  imageSize: { width: 480, height: 600 },
} as const;

export const team: readonly TeamMember[] = [
  { name: 'Aarohi Mehta', designation: 'Creative Director', image: teamCreative },
  { name: 'Noah Lindqvist', designation: 'Developer', image: teamDeveloper },
  { name: 'Mira Okafor', designation: '3D Artist', image: teamArtist },
  { name: 'Kwame Asante', designation: 'SEO Specialist', image: teamSeo },
];

export const workSection = {
  heading: 'Our Work',
  intro: 'A few recent launches, from brand worlds to products people use every day.',
  checkProject: 'Check project',
  seeMore: { label: 'See More', href: dribbbleProfile } satisfies Link,
  knowMore: { label: 'Know more', href: '/about' } satisfies Link,
  imageSize: { width: 800, height: 600 },
} as const;

export const work: readonly PortfolioTile[] = [
  {
    title: 'Chingari',
    description:
      'A launch site for a short-video app, with motion that feels as quick as the clips.',
    link: 'https://chingari.io',
    image: workChingari,
  },
  {
    title: 'Camplain',
    description: 'A booking experience for campsites, from map search to a confirmed pitch.',
    link: 'https://camplain.com',
    image: workCamplain,
  },
  {
    title: 'Panda Awakening',
    description: 'A 3D storytelling site for a digital collectibles drop, built in WebGL.',
    link: 'https://pandaawakening.com',
    image: workPanda,
  },
];

export const band = {
  statement: 'Ideas move. So should the websites that carry them.',
  video: {
    webm: bandWebm,
    mp4: bandMp4,
    poster: { src: bandPoster, width: 640, height: 360, alt: '' },
  } satisfies VideoAsset,
} as const;

export const servicesSection = {
  heading: 'Our Services',
  /** Each line leads to the contact page, so its hover and focus effects have a purpose. */
  lineHref: '/contact',
  imageSize: { width: 320, height: 320 },
} as const;

export const services: readonly ServiceLine[] = [
  { firstword: 'Web', secondword: 'Development', thirdword: '', image: serviceDevelopment },
  { firstword: 'Web', secondword: 'Design', thirdword: '', image: serviceDesign },
  { firstword: 'Search', secondword: 'Engine', thirdword: 'Optimization', image: serviceSeo },
  { firstword: 'Support', secondword: '&', thirdword: 'Growth', image: serviceGrowth },
  { firstword: 'Solutions', secondword: '', thirdword: '' },
];
