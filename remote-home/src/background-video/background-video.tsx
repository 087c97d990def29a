import { useEffect, useRef, useState } from 'react';
import type { VideoAsset } from 'remote-shared/content';
import { usePrefersReducedMotion } from 'remote-shared/hooks';
import styles from './background-video.module.css';
import { useNearViewport } from './use-near-viewport';
import { whenPageSettled } from './page-settled';

export interface BackgroundVideoProps {
  readonly video: VideoAsset;
  /**
   * On the first screen: the poster is fetched at once, from the page's own origin
   * (data-first-screen), at low priority (it is decoration behind the page's text), and the
   * video plays once the page's start-up is over. Otherwise both wait until the visitor scrolls
   * near them (and start-up is over).
   */
  readonly priority?: boolean;
  readonly testId?: string;
}

/**
 * Whether the page has started in the browser and its start-up is over (page-settled.ts):
 * false on the server and while hydrating, which must match it.
 */
function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  return settled;
}

/**
 * A muted looping video over its poster, filling its (positioned) parent. With reduced motion
 * there is only the poster. Decorative: the parent hides it from assistive technology.
 */
export function BackgroundVideo({ video, priority = false, testId }: BackgroundVideoProps) {
  const reducedMotion = usePrefersReducedMotion();
  const poster = useRef<HTMLImageElement>(null);
  const element = useRef<HTMLVideoElement>(null);
  // The video's bytes wait until the page has started in the browser, after the first paint:
  // on a phone they would otherwise share the first second's bandwidth with the poster and the
  // display font. The server's HTML (and the hydrating render, which must match it) has no
  // source. Nor does a video start before start-up is over: decoding it shares the phone's
  // cores with start-up.
  const started = useSettled();
  const near = useNearViewport(poster) || priority;
  const playing = started && near && !reducedMotion;

  // React sets `muted` as a property late; autoplay needs it before play(), so set it here too.
  // Sources added to a video element already in the page are only read after load().
  useEffect(() => {
    const el = element.current;
    if (!playing || !el) return;
    el.muted = true;
    el.load?.();
    el.play?.()?.catch(() => {
      // A refused play() just leaves the poster showing.
    });
  }, [playing]);

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
        // Low: nothing the visitor reads waits for it, and the page's client starts once it is
        // painted. Lighthouse's simulation counts an image of any other priority requested
        // before the largest paint (the headline) as part of it (docs/decisions/0065).
        fetchPriority={priority ? 'low' : undefined}
        data-first-screen={priority ? '' : undefined}
        decoding="async"
        // The server may serve a first-screen image from the page's own origin: same file.
        suppressHydrationWarning={priority}
      />
      {!reducedMotion && (
        <video
          ref={element}
          className={`${styles.fill} ${styles.video}`}
          autoPlay={playing}
          muted
          loop
          playsInline
          preload={playing ? 'auto' : 'none'}
          data-testid={testId}
        >
          {/* No poster attribute: the picture below shows through until the first frame, and a
              video's poster would be fetched at once, even far below the fold. */}
          {playing && <source src={video.webm} type="video/webm" />}
          {playing && <source src={video.mp4} type="video/mp4" />}
        </video>
      )}
    </>
  );
}
