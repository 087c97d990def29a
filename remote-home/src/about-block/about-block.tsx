import { aboutBlock } from 'remote-shared/content';
import { ButtonLink, Container } from 'remote-shared/ui';
import styles from './about-block.module.css';
import { LazyImage } from '../lazy-image/lazy-image';

/** The short About Us on Home, beside the studio's decorative sunrise. */
export function AboutBlock() {
  const { image } = aboutBlock;
  return (
    <section className={styles.section} aria-labelledby="about-block-heading">
      <Container className={styles.layout}>
        <LazyImage
          className={styles.image}
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
        />
        <div className={styles.copy}>
          <h2 id="about-block-heading" className={styles.heading}>
            {aboutBlock.heading}
          </h2>
          <p className={styles.text}>{aboutBlock.text}</p>
          <ButtonLink variant="secondary" href={aboutBlock.knowMore.href}>
            {aboutBlock.knowMore.label}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
