/**
 * Every timing and motion number of the Home page, in one place, so code and
 * tests agree by construction.
 */

/** The team showcase advances to the next person this often. */
export const TEAM_ROTATION_MS = 3000;

/** How long the pixelation of a new portrait lasts before it is sharp. */
export const PIXELATION_MS = 1000;
/** The coarsest pixel block (in CSS pixels of the portrait) at the start of the pixelation. */
export const PIXELATION_MAX_BLOCK = 32;

/** One frame of the service-line letter scramble. */
export const SCRAMBLE_STEP_MS = 15;
/** Frames spent on each letter before it settles on the real one. */
export const SCRAMBLE_FRAMES_PER_LETTER = 2;

/** The background music's volume. */
export const MUSIC_VOLUME = 0.5;

/** The hero text moves by this factor times the scroll offset. */
export const HERO_SHIFT_FACTOR = -0.8;
/** The quote's opacity at these scroll offsets, linear between them and clamped outside. */
export const QUOTE_OPACITY_POINTS: ReadonlyArray<readonly [scrollY: number, opacity: number]> = [
  [0, 1],
  [50, 0.5],
  [100, 0],
];
