import { useEffect, useState } from 'react';
import { SCRAMBLE_STEP_MS } from '../motion/constants';
import { scrambleFrame, scrambleFrameCount } from './scramble';

/**
 * The text to show for `text`: when `active` turns on, a scramble that steps every
 * SCRAMBLE_STEP_MS and settles on `text`; otherwise (and when not `enabled`) `text` itself.
 */
export function useScramble(text: string, active: boolean, enabled: boolean): string {
  const [frame, setFrame] = useState(0);
  const [wasActive, setWasActive] = useState(active);
  // Each activation starts a new scramble from its first frame (state adjusted during render).
  if (active !== wasActive) {
    setWasActive(active);
    setFrame(0);
  }
  const total = scrambleFrameCount(text);
  const running = active && enabled;

  useEffect(() => {
    if (!running) return;
    let current = 0;
    const id = window.setInterval(() => {
      current += 1;
      setFrame(current);
      if (current >= total) window.clearInterval(id);
    }, SCRAMBLE_STEP_MS);
    return () => window.clearInterval(id);
  }, [running, total]);

  return running && frame < total ? scrambleFrame(text, frame) : text;
}
