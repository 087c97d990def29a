import { useState } from 'react';
import { services, servicesSection } from 'remote-shared/content';
import { usePrefersReducedMotion } from 'remote-shared/hooks';
import { Container } from 'remote-shared/ui';
import styles from './our-services.module.css';
import { ServiceLine } from './service-line';
import { LazyImage } from '../lazy-image/lazy-image';

/** The five services; the hovered or focused one scrambles and, for the first four, shows its image. */
export function OurServices() {
  const reducedMotion = usePrefersReducedMotion();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const { width, height } = servicesSection.imageSize;
  return (
    <section className={styles.section} aria-labelledby="services-heading">
      <Container>
        <h2 id="services-heading" className={styles.heading}>
          {servicesSection.heading}
        </h2>
        <ul className={styles.list}>
          {services.map((line, index) => (
            <ServiceLine
              key={`${line.firstword}-${line.secondword}`}
              line={line}
              href={servicesSection.lineHref}
              active={activeIndex === index}
              animate={!reducedMotion}
              onActivate={() => setActiveIndex(index)}
              onDeactivate={() => setActiveIndex((current) => (current === index ? null : current))}
            />
          ))}
        </ul>
        {/* All four images load lazily once; only the active line's is visible. */}
        <div className={styles.images} aria-hidden="true">
          {services.map((line, index) =>
            line.image ? (
              <LazyImage
                key={`${line.firstword}-${line.secondword}`}
                className={styles.image}
                data-visible={activeIndex === index}
                data-testid="service-image"
                src={line.image}
                alt=""
                width={width}
                height={height}
                style={{ top: `${index * 20}%` }}
              />
            ) : null,
          )}
        </div>
      </Container>
    </section>
  );
}
