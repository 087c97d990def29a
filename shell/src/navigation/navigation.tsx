import { useRef } from 'react';
import { Link } from '@firstday/router';
import { navigation } from 'remote-shared/content';
import { useFocusTrap } from 'remote-shared/hooks';
import { Logo } from 'remote-shared/ui';
import { usePrefetchLinksWhenOpen } from '../remotes/use-prefetch-on-intent';
import { MenuOverlay } from './menu-overlay';
import styles from './navigation.module.css';
import { popoverState, toggleWithoutPopover, useOverlayPopover } from './use-overlay-popover';
import { useScrollLock } from './use-scroll-lock';

const overlayId = 'site-menu';

export interface NavigationProps {
  /** Whether the overlay is open; the layout owns it, to make the page behind it inert. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The navigation bar: the logo home, and the Menu/Close toggle of the full-screen overlay. The
 * overlay is a popover, so the toggle works before and without scripts; its label and icon
 * follow the popover in CSS, so hydration changes nothing on screen.
 */
export function Navigation({ open, onOpenChange }: NavigationProps) {
  const bar = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const takenOver = useOverlayPopover(overlay, open, onOpenChange);
  useScrollLock(open, overlay);
  usePrefetchLinksWhenOpen(overlay, open);
  useFocusTrap([bar, overlay], open, {
    onEscape: () => onOpenChange(false),
    initialFocus: () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && overlay.current?.contains(active)) return active;
      return overlay.current?.querySelector<HTMLElement>('a[href]');
    },
    returnFocusTo: toggle,
  });

  return (
    <header className={styles.header}>
      <div className={styles.bar} ref={bar}>
        <Link to="/" className={styles.logo} aria-label={navigation.logoLabel}>
          <Logo />
        </Link>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          popoverTarget={overlayId}
          aria-expanded={takenOver ? open : undefined}
          aria-controls={overlayId}
          onClick={() => toggleWithoutPopover(open, onOpenChange)}
        >
          <span className={styles.menuLabel}>{navigation.menuLabel}</span>
          <span className={styles.closeLabel}>{navigation.closeLabel}</span>
          <span className={styles.burger} aria-hidden="true">
            <span />
            <span />
          </span>
        </button>
      </div>
      <MenuOverlay
        ref={overlay}
        id={overlayId}
        onToggle={(event) => {
          const next = popoverState(event.nativeEvent);
          if (next !== undefined && next !== open) onOpenChange(next);
        }}
      />
    </header>
  );
}
