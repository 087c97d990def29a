import { useLocation } from '@firstday/router';
import { errors } from 'remote-shared/content';
import { ButtonLink, Container } from 'remote-shared/ui';
import styles from './error-screen.module.css';

export interface ErrorScreenProps {
  notFound?: boolean;
}

/** "Unexpected Application Error!": for unknown paths (404) and for pages that throw. */
export function ErrorScreen({ notFound = false }: ErrorScreenProps) {
  const { pathname } = useLocation();
  // Never back to the page that just failed: from a broken home page, somewhere else.
  const link =
    !notFound && pathname === errors.homeLink.href ? errors.elsewhereLink : errors.homeLink;
  return (
    <Container className={styles.screen}>
      {/* The mark promote's browser walk looks for: the site's error screen is showing. */}
      <h1 className={styles.title} data-site-error="error-screen">
        {errors.title}
      </h1>
      <p className={styles.status}>{notFound ? errors.notFound : errors.crashed}</p>
      {notFound && <p className={styles.detail}>{errors.notFoundDetail}</p>}
      <ButtonLink href={link.href}>{link.label}</ButtonLink>
    </Container>
  );
}
