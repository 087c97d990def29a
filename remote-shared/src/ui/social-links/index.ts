export { SocialLinks, type SocialLinksProps } from './social-links';
