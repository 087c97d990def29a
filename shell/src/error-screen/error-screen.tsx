import { errors } from 'remote-shared/content';
import { ButtonLink, Container } from 'remote-shared/ui';
import styles from './error-screen.module.css';

export interface ErrorScreenProps {
  notFound?: boolean;
}

/** "Unexpected Application Error!": for unknown paths (404) and for pages that throw. */
export function ErrorScreen({ notFound = false }: ErrorScreenProps) {
  return (
    <Container className={styles.screen}>
      <h1 className={styles.title}>{errors.title}</h1>
      <p className={styles.status}>{notFound ? errors.notFound : errors.crashed}</p>
      {notFound && <p className={styles.detail}>{errors.notFoundDetail}</p>}
      <ButtonLink href={errors.homeLink.href}>{errors.homeLink.label}</ButtonLink>
    </Container>
  );
}
