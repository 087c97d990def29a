import { SCRAMBLE_FRAMES_PER_LETTER } from '../motion/constants';

const GLYPHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#%&*+=?';

/** How many frames the scramble of `text` takes before it shows `text` itself. */
export function scrambleFrameCount(text: string): number {
  return text.length * SCRAMBLE_FRAMES_PER_LETTER;
}

/**
 * Frame `frame` of the scramble: letters settle left to right, the rest show random glyphs.
 * Spaces stay spaces so the words keep their shape. `random` is injectable for tests.
 */
export function scrambleFrame(
  text: string,
  frame: number,
  random: () => number = Math.random,
): string {
  const settled = Math.floor(frame / SCRAMBLE_FRAMES_PER_LETTER);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    out +=
      i < settled || char === ' '
        ? char
        : GLYPHS[Math.floor(random() * GLYPHS.length) % GLYPHS.length];
  }
  return out;
}

/** The real words of a service line as one string. */
export function serviceText(words: ReadonlyArray<string>): string {
  return words.filter(Boolean).join(' ');
}
