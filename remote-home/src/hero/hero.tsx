import { lazy, Suspense, useEffect, useRef } from 'react';
import { hero } from 'remote-shared/content';
import { usePrefersReducedMotion } from 'remote-shared/hooks';
import { ButtonLink } from 'remote-shared/ui';
import styles from './hero.module.css';
import { MusicToggle } from './music-toggle';
import { useFirstScroll } from './use-first-scroll';

const HeroParallax = lazy(() => import('./hero-parallax'));

/** The top of Home: background video, headline, Contact Us, the quote and the music toggle. */
export function Hero() {
  const reducedMotion = usePrefersReducedMotion();
  const section = useRef<HTMLElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const quote = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const parallax = useFirstScroll(!reducedMotion) && !reducedMotion;

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
    <section ref={section} className={styles.hero} aria-labelledby="hero-heading">
      {parallax && (
        <Suspense fallback={null}>
          <HeroParallax scope={section} text={text} quote={quote} />
        </Suspense>
      )}
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
        <div ref={text} className={styles.text} data-testid="hero-text">
          <h1 id="hero-heading" className={styles.headline}>
            {hero.headline}
          </h1>
          <ButtonLink href={hero.contactLink.href} className={styles.cta}>
            {hero.contactLink.label}
          </ButtonLink>
        </div>

        <div className={styles.bottom}>
          <MusicToggle />
          <figure ref={quote} className={styles.quote} data-testid="hero-quote">
            <blockquote>
              <p>{hero.quote}</p>
            </blockquote>
            <figcaption>{hero.quoteAttribution}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
