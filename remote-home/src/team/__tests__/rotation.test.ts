import { initialRotation, isRotating, nextIndex, rotationReducer } from '../rotation';
import { pixelBlockSize } from '../pixelation';
import { PIXELATION_MAX_BLOCK, PIXELATION_MS } from '../../motion/constants';

describe('the rotation reducer', () => {
  it('advances on each tick and wraps after four', () => {
    let state = initialRotation(4, false);
    const seen = [state.index];
    for (let i = 0; i < 4; i++) {
      state = rotationReducer(state, { type: 'tick' });
      seen.push(state.index);
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
    expect(nextIndex(3, 4)).toBe(0);
  });

  it('holds while paused, hovered or focused', () => {
    const base = initialRotation(4, false);
    for (const held of [
      rotationReducer(base, { type: 'toggle-pause' }),
      rotationReducer(base, { type: 'hover', value: true }),
      rotationReducer(base, { type: 'focus', value: true }),
    ]) {
      expect(isRotating(held)).toBe(false);
      expect(rotationReducer(held, { type: 'tick' }).index).toBe(0);
    }
  });

  it('starts paused when asked to (reduced motion)', () => {
    expect(isRotating(initialRotation(4, true))).toBe(false);
  });

  it('pauses when reduced motion becomes known after the first render', () => {
    const paused = rotationReducer(initialRotation(4, false), { type: 'reduce-motion' });
    expect(isRotating(paused)).toBe(false);
    expect(rotationReducer(paused, { type: 'toggle-pause' }).userPaused).toBe(false);
  });
});

describe('the pixelation curve', () => {
  it('starts coarse and is sharp exactly at the end', () => {
    expect(pixelBlockSize(0)).toBe(PIXELATION_MAX_BLOCK);
    expect(pixelBlockSize(PIXELATION_MS / 2)).toBeGreaterThan(1);
    expect(pixelBlockSize(PIXELATION_MS)).toBe(1);
    expect(pixelBlockSize(PIXELATION_MS * 3)).toBe(1);
  });
});
