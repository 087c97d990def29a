import type { Link } from 'remote-shared/content';
import { SmartLink } from 'remote-shared/ui';
import styles from './link-list.module.css';

export interface LinkListProps {
  /** Names the navigation landmark. */
  label: string;
  links: readonly Link[];
  listClassName?: string;
  linkClassName?: string;
}

/** A named navigation landmark of big links: the overlay's and the /menu page's. */
export function LinkList({ label, links, listClassName, linkClassName }: LinkListProps) {
  return (
    <nav aria-label={label}>
      <ul className={[styles.list, listClassName].filter(Boolean).join(' ')}>
        {links.map((link) => (
          <li key={link.label}>
            <SmartLink
              className={[styles.link, linkClassName].filter(Boolean).join(' ')}
              href={link.href}
            >
              {link.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
