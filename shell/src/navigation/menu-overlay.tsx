import type { Ref, SyntheticEvent } from 'react';
import { navigation } from 'remote-shared/content';
import { SocialLinks } from 'remote-shared/ui';
import { LinkList } from './link-list';
import styles from './menu-overlay.module.css';

export interface MenuOverlayProps {
  id: string;
  /** The popover opened or closed (by its toggle, Escape or a tap outside it). */
  onToggle: (event: SyntheticEvent<HTMLDivElement>) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The full-screen menu: a popover (shown in the top layer, below the navigation bar), always in
 * the DOM so the toggle's popovertarget and aria-controls resolve and its links are real links.
 */
export function MenuOverlay({ id, onToggle, ref }: MenuOverlayProps) {
  return (
    <div
      ref={ref}
      id={id}
      className={styles.overlay}
      role="dialog"
      aria-label={navigation.overlayLabel}
      popover="auto"
      onToggle={onToggle}
    >
      <div className={styles.inner}>
        <LinkList
          label={navigation.overlayLabel}
          links={navigation.overlayLinks}
          listClassName={styles.links}
          linkClassName={styles.link}
        />
        <div className={styles.aside}>
          <p className={styles.cta}>{navigation.overlayCallToAction}</p>
          <SocialLinks label="Social links" />
        </div>
      </div>
    </div>
  );
}
