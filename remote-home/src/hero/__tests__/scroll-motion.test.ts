import { HERO_SHIFT_FACTOR } from '../../motion/constants';
import { heroShift, quoteOpacity } from '../scroll-motion';

describe('hero scroll maths', () => {
  it.each([
    [0, 0, 1],
    [25, 25 * HERO_SHIFT_FACTOR, 0.75],
    [50, 50 * HERO_SHIFT_FACTOR, 0.5],
    [75, 75 * HERO_SHIFT_FACTOR, 0.25],
    [100, 100 * HERO_SHIFT_FACTOR, 0],
    [200, 200 * HERO_SHIFT_FACTOR, 0],
  ])('at scroll %i the text shifts %d px and the quote has opacity %d', (y, shift, opacity) => {
    expect(heroShift(y)).toBeCloseTo(shift);
    expect(quoteOpacity(y)).toBeCloseTo(opacity);
  });

  it('moves the text by -0.8 x the offset and clamps the quote below 0', () => {
    expect(heroShift(100)).toBe(-80);
    expect(quoteOpacity(-20)).toBe(1);
  });
});
