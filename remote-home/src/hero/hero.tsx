import { useEffect } from 'react';
import { hero } from 'remote-shared/content';
import { ButtonLink } from 'remote-shared/ui';
import { BackgroundVideo } from '../background-video/background-video';
import styles from './hero.module.css';
import { MusicToggle } from './music-toggle';
import { installHeroScrollMotion, scrollMotionScript } from './scroll-motion-fallback';
import { firstScreenEndId } from '../../../platform/render-protocol/first-screen';

/** The top of Home: background video, headline, Contact Us, the quote and the music toggle. */
export function Hero() {
  // The scroll motion is CSS (scroll-driven animations); where a browser lacks them, the inline
  // script below has already started the fallback, or (after client-side navigation) this does.
  useEffect(() => installHeroScrollMotion(), []);

  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={styles.media} aria-hidden="true">
        {/* Its poster is a picture under the video, not the video's poster attribute: the
            picture, as large as the video, shows until the video's first frame. */}
        <BackgroundVideo video={hero.video} priority testId="hero-video" />
        <div className={styles.shade} />
      </div>

      <div className={styles.inner}>
        <div className={styles.text} data-testid="hero-text" data-hero-motion="text">
          <h1 id="hero-heading" className={styles.headline}>
            {hero.headline}
          </h1>
          <ButtonLink href={hero.contactLink.href} className={styles.cta}>
            {hero.contactLink.label}
          </ButtonLink>
        </div>

        <div className={styles.bottom}>
          <MusicToggle />
          <figure className={styles.quote} data-testid="hero-quote" data-hero-motion="quote">
            <blockquote>
              <p>{hero.quote}</p>
            </blockquote>
            <figcaption>{hero.quoteAttribution}</figcaption>
          </figure>
        </div>
      </div>
      {/* Runs as the HTML arrives, before the visitor can scroll. Inside markup, so the browser
          runs it while parsing the page and React, rendering in the browser, never does; the
          browser's copy of it may be spelled differently (minified), so hydration does not
          compare it. */}
      <span
        hidden
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: `<script>${scrollMotionScript}</script>` }}
      />
      {/* Laid out from its bottom up: the page is not painted before the parser is here. */}
      <span id={firstScreenEndId} hidden />
    </section>
  );
}
