import { socials } from '../../content/studio';
import { SmartLink } from '../smart-link';
import { SocialIcon } from './social-icons';
import styles from './social-links.module.css';

export interface SocialLinksProps {
  /** Names the list for assistive technology, e.g. "Follow the studio". */
  label: string;
  className?: string;
}

/** The studio's X, LinkedIn and Dribbble profiles, each opening in a new tab. */
export function SocialLinks({ label, className }: SocialLinksProps) {
  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')} aria-label={label}>
      {socials.map((social) => (
        <li key={social.id}>
          <SmartLink
            className={styles.link}
            href={social.href}
            aria-label={`${social.accessibleName} (opens in a new tab)`}
          >
            <SocialIcon id={social.id} />
            <span>{social.label}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
