import { aboutPage } from 'remote-shared/about-content';
import { useScrollToTopOnEntry } from 'remote-shared/hooks';
import { Container } from 'remote-shared/ui';
import styles from './about-page.module.css';

export function AboutPage() {
  useScrollToTopOnEntry();
  return (
    <Container className={styles.page}>
      <h1 className={styles.heading}>{aboutPage.heading}</h1>
      <div className={styles.paragraphs}>
        {aboutPage.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </div>
    </Container>
  );
}
