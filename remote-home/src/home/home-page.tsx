import { AboutBlock } from '../about-block/about-block';
import { MotionBand } from '../band/motion-band';
import { Hero } from '../hero/hero';
import { Intro } from '../intro/intro';
import { OurServices } from '../services/our-services';
import { TeamShowcase } from '../team/team-showcase';
import { OurWork } from '../work/our-work';
import styles from './home-page.module.css';

/** Home, top to bottom as the product describes it. */
export function HomePage() {
  return (
    <>
      <Hero />
      <Intro />
      <div className={styles.later}>
        <AboutBlock />
      </div>
      <div className={styles.later}>
        <TeamShowcase />
      </div>
      <div className={styles.later}>
        <OurWork />
      </div>
      <div className={styles.later}>
        <MotionBand />
      </div>
      <div className={styles.later}>
        <OurServices />
      </div>
    </>
  );
}
