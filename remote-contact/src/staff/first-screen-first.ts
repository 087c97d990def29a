import { startTransition, useEffect, useState } from 'react';

/** How many requests the list draws in its first paint: more than a screen shows. */
const firstScreenCards = 8;

/** Drawn without waiting for a frame in a tab that never paints (in the background). */
const wholeListLatestMs = 250;

/**
 * What the list renders: at first only its first `firstScreenCards`, then, once those are
 * painted, all of them. Fifty cards rendered before the first paint kept the first screen of
 * requests waiting about 670 ms on a busy 2-core machine; eight take a sixth of that.
 */
export function useFirstScreenFirst<T>(items: readonly T[]): readonly T[] {
  const [whole, setWhole] = useState(false);
  const waiting = !whole && items.length > firstScreenCards;
  useEffect(() => {
    if (!waiting) return;
    const drawAll = () => startTransition(() => setWhole(true));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next paint: a frame, then a task.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(drawAll, 0);
    });
    const latest = setTimeout(drawAll, wholeListLatestMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(latest);
    };
  }, [waiting]);
  return waiting ? items.slice(0, firstScreenCards) : items;
}
