import { Suspense } from 'react';
import { loadAboutBlock } from '../about-block/load-about-block';
import { Hero } from '../hero/hero';
import { Intro } from '../intro/intro';
import styles from './home-page.module.css';
import './below-the-fold-styles';
import { reachedSection } from './reached-section';

/**
 * The sections after the first screen, in order. Each one's code is a chunk of its own, fetched
 * and hydrated when the visitor reaches the section (see reachedSection); the server renders
 * them whole, so the page reads complete from its first paint.
 */
const belowTheFold = [
  reachedSection('about', loadAboutBlock),
  reachedSection('team', () =>
    import(/* webpackChunkName: "home-team" */ '../team/team-showcase').then((m) => m.TeamShowcase),
  ),
  reachedSection('work', () =>
    import(/* webpackChunkName: "home-work" */ '../work/our-work').then((m) => m.OurWork),
  ),
  reachedSection('band', () =>
    import(/* webpackChunkName: "home-band" */ '../band/motion-band').then((m) => m.MotionBand),
  ),
  reachedSection('services', () =>
    import(/* webpackChunkName: "home-services" */ '../services/our-services').then(
      (m) => m.OurServices,
    ),
  ),
];

/**
 * Home, top to bottom as the product describes it. Each section is its own Suspense boundary:
 * React hydrates and commits them one at a time (the first screen first), and keeps the
 * server's HTML of a section below the fold until its code has come.
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
      {belowTheFold.map(({ name, Section }) => (
        <div key={name} className={styles.later} data-home-section={name}>
          <Suspense>
            <Section />
          </Suspense>
        </div>
      ))}
    </>
  );
}
