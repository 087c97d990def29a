import { PIXELATION_MAX_BLOCK, PIXELATION_MS } from '../motion/constants';

/**
 * The pixel block size `elapsed` ms into the pixelation: coarse at first, easing out to 1
 * (the sharp picture) exactly at PIXELATION_MS.
 */
export function pixelBlockSize(elapsed: number): number {
  const progress = Math.min(Math.max(elapsed / PIXELATION_MS, 0), 1);
  const eased = 1 - Math.pow(1 - progress, 3);
  return Math.max(1, Math.round(PIXELATION_MAX_BLOCK * (1 - eased)));
}
