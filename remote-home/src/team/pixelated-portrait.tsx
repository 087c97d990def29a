import { useEffect, useRef, useState } from 'react';
import { PIXELATION_MS } from '../motion/constants';
import { pixelBlockSize } from './pixelation';
import styles from './team-showcase.module.css';
import { LazyImage } from '../lazy-image/lazy-image';

export interface PixelatedPortraitProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Changes whenever the person changes; each change pixelates. */
  changeKey: number;
  /** Whether changes pixelate at all (not under reduced motion). */
  animate: boolean;
}

/**
 * A portrait that resolves from coarse pixels to sharp over PIXELATION_MS whenever the person changes.
 * A canvas over the <img> draws the picture scaled down and back up without smoothing; a timer,
 * not the frame loop, ends the effect so it lasts exactly PIXELATION_MS even in a hidden tab.
 */
export function PixelatedPortrait({
  src,
  alt,
  width,
  height,
  changeKey,
  animate,
}: PixelatedPortraitProps) {
  // The change being pixelated, if any; set during render when `changeKey` moves on.
  const [pixelatingKey, setPixelatingKey] = useState<number | null>(null);
  const [previousKey, setPreviousKey] = useState(changeKey);
  if (changeKey !== previousKey) {
    setPreviousKey(changeKey);
    setPixelatingKey(animate ? changeKey : null);
  }
  const pixelating = pixelatingKey === changeKey;
  const image = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!pixelating) return;
    const started = performance.now();
    let frame = 0;
    const draw = () => {
      const img = image.current;
      const ctx = canvas.current?.getContext('2d');
      if (img && ctx && img.complete && img.naturalWidth > 0) {
        const block = pixelBlockSize(performance.now() - started);
        const w = Math.max(1, Math.round(width / block));
        const h = Math.max(1, Math.round(height / block));
        ctx.imageSmoothingEnabled = false;
        ctx.clearRect(0, 0, width, height);
        ctx.drawImage(img, 0, 0, w, h);
        ctx.drawImage(ctx.canvas, 0, 0, w, h, 0, 0, width, height);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    const done = window.setTimeout(() => setPixelatingKey(null), PIXELATION_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(done);
    };
  }, [pixelating, changeKey, width, height]);

  return (
    <div className={styles.portrait} data-pixelating={pixelating}>
      <LazyImage
        ref={image}
        src={src}
        alt={alt}
        width={width}
        height={height}
        className={styles.image}
      />
      <canvas
        ref={canvas}
        className={styles.canvas}
        width={width}
        height={height}
        aria-hidden="true"
        hidden={!pixelating}
      />
    </div>
  );
}
