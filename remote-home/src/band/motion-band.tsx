import { useEffect, useRef } from 'react';
import { band } from 'remote-shared/content';
import { usePrefersReducedMotion } from 'remote-shared/hooks';
import { Container } from 'remote-shared/ui';
import styles from './motion-band.module.css';
import { useNearViewport } from './use-lazy-video';

/** A band of moving light with a short statement, between Our Work and Our Services. */
export function MotionBand() {
  const reducedMotion = usePrefersReducedMotion();
  const section = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(section);
  const playing = near && !reducedMotion;

  useEffect(() => {
    const el = video.current;
    if (!playing || !el) return;
    el.muted = true;
    el.load?.();
    el.play?.()?.catch(() => {
      // The poster stays if the browser will not play.
    });
  }, [playing]);

  const { poster } = band.video;
  return (
    <section ref={section} className={styles.band} aria-label={band.statement}>
      <div className={styles.media} aria-hidden="true">
        <img
          className={styles.fill}
          src={poster.src}
          alt={poster.alt}
          width={poster.width}
          height={poster.height}
          loading="lazy"
          decoding="async"
        />
        {!reducedMotion && (
          <video
            ref={video}
            className={styles.fill}
            muted
            loop
            playsInline
            preload="none"
            poster={poster.src}
          >
            {playing && <source src={band.video.webm} type="video/webm" />}
            {playing && <source src={band.video.mp4} type="video/mp4" />}
          </video>
        )}
      </div>
      <Container>
        <p className={styles.statement}>{band.statement}</p>
      </Container>
    </section>
  );
}
