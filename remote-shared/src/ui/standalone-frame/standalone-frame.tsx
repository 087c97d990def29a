import type { ReactNode } from 'react';
import type { Link as ContentLink } from '../../content/types';
import { SmartLink } from '../smart-link';
import styles from './standalone-frame.module.css';

export interface StandaloneFrameProps {
  app: string;
  links: readonly ContentLink[];
  children: ReactNode;
}

/**
 * The thin frame a remote shows when a developer runs it alone: which app this is and its
 * pages. In the composed site the shell's navigation takes this place.
 */
export function StandaloneFrame({ app, links, children }: StandaloneFrameProps) {
  return (
    <>
      <nav className={styles.bar} aria-label={`${app} pages`}>
        <span className={styles.title}>{app} · standalone</span>
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.href}>
              <SmartLink href={link.href}>{link.label}</SmartLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">{children}</main>
    </>
  );
}
