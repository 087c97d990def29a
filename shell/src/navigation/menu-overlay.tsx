import type { Ref } from 'react';
import { navigation } from 'remote-shared/content';
import { SocialLinks } from 'remote-shared/ui';
import { LinkList } from './link-list';
import styles from './menu-overlay.module.css';

export interface MenuOverlayProps {
  open: boolean;
  id: string;
  ref?: Ref<HTMLDivElement>;
}

/** The full-screen menu. Kept in the DOM while closed so the toggle's aria-controls resolves. */
export function MenuOverlay({ open, id, ref }: MenuOverlayProps) {
  return (
    <div
      ref={ref}
      id={id}
      className={styles.overlay}
      role="dialog"
      aria-label={navigation.overlayLabel}
      hidden={!open}
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
