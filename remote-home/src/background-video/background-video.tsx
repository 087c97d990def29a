import { useEffect, useRef } from 'react';
import type { VideoAsset } from 'remote-shared/content';
import { usePrefersReducedMotion } from 'remote-shared/hooks';
import styles from './background-video.module.css';
import { useNearViewport } from './use-near-viewport';

export interface BackgroundVideoProps {
  readonly video: VideoAsset;
  /**
   * On the first screen: the poster is fetched first (it is what paints first) and the video
   * plays at once. Otherwise both wait until the visitor scrolls near them.
   */
  readonly priority?: boolean;
  readonly testId?: string;
}

/**
 * A muted looping video over its poster, filling its (positioned) parent. With reduced motion
 * there is only the poster. Decorative: the parent hides it from assistive technology.
 */
export function BackgroundVideo({ video, priority = false, testId }: BackgroundVideoProps) {
  const reducedMotion = usePrefersReducedMotion();
  const poster = useRef<HTMLImageElement>(null);
  const element = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(poster) || priority;
  const playing = near && !reducedMotion;

  // React sets `muted` as a property late; autoplay needs it before play(), so set it here too.
  useEffect(() => {
    const el = element.current;
    if (!playing || !el) return;
    el.muted = true;
    if (!priority) el.load?.();
    el.play?.()?.catch(() => {
      // A refused play() just leaves the poster showing.
    });
  }, [playing, priority]);

  return (
    <>
      <img
        ref={poster}
        className={styles.fill}
        src={video.poster.src}
        width={video.poster.width}
        height={video.poster.height}
        alt={video.poster.alt}
        loading={priority ? undefined : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
      {!reducedMotion && (
        <video
          ref={element}
          className={`${styles.fill} ${styles.video}`}
          autoPlay={priority}
          muted
          loop
          playsInline
          preload={priority ? 'auto' : 'none'}
          poster={video.poster.src}
          data-testid={testId}
        >
          {(priority || playing) && <source src={video.webm} type="video/webm" />}
          {(priority || playing) && <source src={video.mp4} type="video/mp4" />}
        </video>
      )}
    </>
  );
}
