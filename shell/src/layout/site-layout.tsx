import { useRef, type ReactNode } from 'react';
import { PageErrorBoundary } from '../error-screen/page-error-boundary';
import { Footer } from '../footer/footer';
import { Navigation } from '../navigation/navigation';
import { useMenuState } from '../navigation/use-menu-state';
import styles from './site-layout.module.css';
import { useDocumentTitle } from './use-document-title';
import { useRouteFocus } from './use-route-focus';
import { useNavigationScroll } from './use-navigation-scroll';
import { usePrefetchOnIntent } from '../remotes/use-prefetch-on-intent';

/** The chrome around every page: skip link, navigation, the page area (`children`) and the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useMenuState();
  useNavigationScroll();
  useDocumentTitle();
  usePrefetchOnIntent();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <div className={styles.site}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Navigation open={menuOpen} onOpenChange={setMenuOpen} />
      <main id="main" ref={main} className={styles.main} tabIndex={-1} inert={menuOpen}>
        <PageErrorBoundary>{children}</PageErrorBoundary>
      </main>
      <Footer inert={menuOpen} />
    </div>
  );
}
