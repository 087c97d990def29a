import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
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

/** The router's error element: logs what happened (never shows a stack trace) and says so. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('A page failed:', error);
  return <ErrorScreen notFound={notFound} />;
}
