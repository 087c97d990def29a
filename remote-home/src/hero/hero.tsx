import { useEffect, useRef } from 'react';
import { hero } from 'remote-shared/content';
import { usePrefersReducedMotion } from 'remote-shared/hooks';
import { ButtonLink } from 'remote-shared/ui';
import styles from './hero.module.css';
import { MusicToggle } from './music-toggle';
import { installHeroScrollMotion, scrollMotionScript } from './scroll-motion-fallback';

/** The top of Home: background video, headline, Contact Us, the quote and the music toggle. */
export function Hero() {
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);

  // The scroll motion is CSS (scroll-driven animations); where a browser lacks them, the inline
  // script below has already started the fallback, or (after client-side navigation) this does.
  useEffect(() => installHeroScrollMotion(), []);

  // React sets `muted` as a property late; autoplay needs it before play(), so set it here too.
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.muted = true;
    el.play?.()?.catch(() => {
      // Refused autoplay just leaves the poster showing.
    });
  }, [reducedMotion]);

  const { poster } = hero.video;
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={styles.media} aria-hidden="true">
        {/* The poster is the LCP element: an <img> can be prioritised, a video poster cannot. */}
        <img
          className={styles.poster}
          src={poster.src}
          width={poster.width}
          height={poster.height}
          alt={poster.alt}
          fetchPriority="high"
          decoding="async"
        />
        {!reducedMotion && (
          <video
            ref={video}
            className={styles.video}
            autoPlay
            muted
            loop
            playsInline
            preload="auto"
            poster={poster.src}
            data-testid="hero-video"
          >
            <source src={hero.video.webm} type="video/webm" />
            <source src={hero.video.mp4} type="video/mp4" />
          </video>
        )}
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
      {/* Runs as the HTML arrives, before the visitor can scroll; the browser's own copy of it
          may differ in spelling (minified), so hydration is told not to compare it. */}
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scrollMotionScript }} />
    </section>
  );
}
