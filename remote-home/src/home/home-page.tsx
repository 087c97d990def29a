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

/** Home, top to bottom as the product describes it. */
export function HomePage() {
  return (
    <>
      <Hero />
      <Intro />
      {/* A fixed list, so its positions are stable keys. */}
      {belowTheFold.map((Section, position) => (
        <div key={position} className={styles.later}>
          <Section />
        </div>
      ))}
    </>
  );
}
