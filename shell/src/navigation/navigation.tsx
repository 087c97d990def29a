import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { navigation } from 'remote-shared/content';
import { useFocusTrap } from 'remote-shared/hooks';
import { Logo } from 'remote-shared/ui';
import { MenuOverlay } from './menu-overlay';
import styles from './navigation.module.css';
import { useScrollLock } from './use-scroll-lock';

const overlayId = 'site-menu';

export interface NavigationProps {
  /** Whether the overlay is open; the layout owns it, to make the page behind it inert. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The navigation bar: the logo home, and the Menu/Close toggle of the full-screen overlay. */
export function Navigation({ open, onOpenChange }: NavigationProps) {
  const bar = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useScrollLock(open, overlay);
  useFocusTrap([bar, overlay], open, {
    onEscape: () => onOpenChange(false),
    initialFocus: () => overlay.current?.querySelector<HTMLElement>('a[href]'),
    returnFocusTo: toggle,
  });

  return (
    <header className={`${styles.header} ${open ? styles.open : ''}`}>
      <div className={styles.bar} ref={bar}>
        <Link to="/" className={styles.logo} aria-label={navigation.logoLabel}>
          <Logo />
        </Link>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={overlayId}
          onClick={() => onOpenChange(!open)}
        >
          <span>{open ? navigation.closeLabel : navigation.menuLabel}</span>
          <span className={styles.burger} aria-hidden="true">
            <span />
            <span />
          </span>
        </button>
      </div>
      <MenuOverlay ref={overlay} id={overlayId} open={open} />
    </header>
  );
}
