import { SCRAMBLE_FRAMES_PER_LETTER } from '../../motion/constants';
import { scrambleFrame, scrambleFrameCount, serviceText } from '../scramble';

describe('scramble frames', () => {
  const text = 'Web Design';

  it('keeps spaces and length, and settles letters left to right', () => {
    const first = scrambleFrame(text, 0, () => 0);
    expect(first).toHaveLength(text.length);
    expect(first[3]).toBe(' ');
    const third = scrambleFrame(text, 3 * SCRAMBLE_FRAMES_PER_LETTER, () => 0.999);
    expect(third.slice(0, 3)).toBe('Web');
    expect(third.slice(4)).not.toBe('Design');
  });

  it('ends on the real text', () => {
    expect(scrambleFrame(text, scrambleFrameCount(text))).toBe(text);
  });

  it('joins the non-empty words of a line', () => {
    expect(serviceText(['Solutions', '', ''])).toBe('Solutions');
    expect(serviceText(['Support', '&', 'Growth'])).toBe('Support & Growth');
  });
});
