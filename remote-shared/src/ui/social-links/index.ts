export { SocialLinks } from './social-links';
