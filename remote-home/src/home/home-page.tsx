import { AboutBlock } from '../about-block/about-block';
import { MotionBand } from '../band/motion-band';
import { Hero } from '../hero/hero';
import { Intro } from '../intro/intro';
import { OurServices } from '../services/our-services';
import { TeamShowcase } from '../team/team-showcase';
import { OurWork } from '../work/our-work';

/** Home, top to bottom as the product describes it. */
export function HomePage() {
  return (
    <>
      <Hero />
      <Intro />
      <AboutBlock />
      <TeamShowcase />
      <OurWork />
      <MotionBand />
      <OurServices />
    </>
  );
}
