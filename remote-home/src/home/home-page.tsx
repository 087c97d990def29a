import { Suspense } from 'react';
import { AboutBlock } from '../about-block/about-block';
import { MotionBand } from '../band/motion-band';
import { Hero } from '../hero/hero';
import { Intro } from '../intro/intro';
import { OurServices } from '../services/our-services';
import { TeamShowcase } from '../team/team-showcase';
import { OurWork } from '../work/our-work';
import styles from './home-page.module.css';

/** The sections after the first screen, in order. */
const belowTheFold = [AboutBlock, TeamShowcase, OurWork, MotionBand, OurServices];

/**
 * Home, top to bottom as the product describes it. Each section is its own Suspense boundary:
 * React hydrates and commits them one at a time (the first screen first), so no hydration task
 * has to take the whole page at once.
 */
export function HomePage() {
  return (
    <>
      <Suspense>
        <Hero />
      </Suspense>
      <Suspense>
        <Intro />
      </Suspense>
      {/* A fixed list, so its positions are stable keys. */}
      {belowTheFold.map((Section, position) => (
        <div key={position} className={styles.later}>
          <Suspense>
            <Section />
          </Suspense>
        </div>
      ))}
    </>
  );
}
