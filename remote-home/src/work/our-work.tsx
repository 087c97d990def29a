import { work, workSection } from 'remote-shared/content';
import { ButtonLink, Container } from 'remote-shared/ui';
import styles from './our-work.module.css';
import { WorkTile } from './work-tile';

/** The Our Work strip (`/#work`): three projects, then the way to more of them. */
export function OurWork() {
  return (
    <section id="work" className={styles.section} aria-labelledby="work-heading">
      <Container>
        <div className={styles.header}>
          <h2 id="work-heading" className={styles.heading}>
            {workSection.heading}
          </h2>
          <p className={styles.intro}>{workSection.intro}</p>
        </div>
        <div className={styles.grid}>
          {work.map((tile) => (
            <WorkTile key={tile.title} tile={tile} />
          ))}
        </div>
        <div className={styles.actions}>
          <ButtonLink href={workSection.seeMore.href}>{workSection.seeMore.label}</ButtonLink>
          <ButtonLink variant="secondary" href={workSection.knowMore.href}>
            {workSection.knowMore.label}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
