import { HERO_SHIFT_FACTOR, QUOTE_OPACITY_POINTS } from '../motion/constants';

/** The hero text's vertical offset in pixels for a scroll offset. */
export function heroShift(scrollY: number): number {
  return HERO_SHIFT_FACTOR * scrollY;
}

/** Piecewise-linear through `points` (sorted by x), clamped to the first and last value. */
function piecewiseLinear(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 0;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return last[1];
}

/** The quote's opacity for a scroll offset. */
export function quoteOpacity(scrollY: number): number {
  return piecewiseLinear(QUOTE_OPACITY_POINTS, scrollY);
}
