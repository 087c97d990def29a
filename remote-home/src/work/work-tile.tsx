import { useState } from 'react';
import type { PortfolioTile } from 'remote-shared/content';
import { workSection } from 'remote-shared/content';
import { useTapReplay } from 'remote-shared/hooks';
import { SmartLink } from 'remote-shared/ui';
import styles from './our-work.module.css';
import { LazyImage } from '../lazy-image/lazy-image';

/** A project: its picture blurs and darkens to reveal the title and "Check project" on hover or focus. */
export function WorkTile({ tile }: { tile: PortfolioTile }) {
  const [active, setActive] = useState(false);
  // A tap on the tile (not its link) before hydration reveals it once hydrated.
  const tap = useTapReplay(`work-${tile.title}`, () => setActive(true));
  const { width, height } = workSection.imageSize;
  return (
    <article
      className={styles.tile}
      data-active={active}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
      {...tap}
    >
      <div className={styles.frame}>
        <LazyImage className={styles.image} src={tile.image} alt="" width={width} height={height} />
        <div className={styles.overlay}>
          {/* The heading below names the project for assistive technology; this is its echo. */}
          <span className={styles.overlayTitle} aria-hidden="true">
            {tile.title}
          </span>
          <SmartLink
            className={styles.check}
            href={tile.link}
            aria-label={`${workSection.checkProject}: ${tile.title} (opens in a new tab)`}
          >
            {workSection.checkProject}
          </SmartLink>
        </div>
      </div>
      <h3 className={styles.title}>{tile.title}</h3>
      <p className={styles.description}>{tile.description}</p>
    </article>
  );
}
