import { intro } from 'remote-shared/content';
import { ButtonLink, Container } from 'remote-shared/ui';
import styles from './intro.module.css';

/** The statement right under the hero, and the way to the About page. */
export function Intro() {
  return (
    <section className={styles.section} aria-labelledby="intro-heading">
      <Container className={styles.inner}>
        <h2 id="intro-heading" className={styles.headline}>
          {intro.headline}
        </h2>
        <ButtonLink variant="secondary" href={intro.knowMore.href}>
          {intro.knowMore.label}
        </ButtonLink>
      </Container>
    </section>
  );
}
