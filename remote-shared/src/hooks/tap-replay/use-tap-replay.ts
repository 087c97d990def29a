import { useLayoutEffect, useRef } from 'react';

/** What the inline capture script keeps on window (see tap-capture-script). */
interface TapRecord {
  /** Taps on controls that had not hydrated yet, in order. */
  taps: { key: string; event: Event }[];
  /** Controls that have hydrated: their taps are theirs to handle now. */
  live: Record<string, boolean>;
  /** Taps recorded so far, and of those the ones replayed: the page's field data reads them. */
  captured: number;
  replayed: number;
}

declare global {
  interface Window {
    __fdTaps?: TapRecord;
  }
}

/** The event being dispatched right now, if any (window.event). */
const currentEvent = (): unknown => (window as { event?: unknown }).event;

/**
 * Replays, once this control has hydrated, each tap the page's inline capture recorded on it
 * before (see tapCaptureScript), exactly once, and tells the capture to stop recording it.
 * A tap that is itself hydrating the control (React hydrates the target of a discrete event at
 * once, then hands it the event) is not replayed: React delivers it.
 * Spread the returned attributes on the control (the key must be unique on the page).
 */
export function useTapReplay(key: string, replay: () => void): { 'data-tap': string } {
  const latest = useRef(replay);
  useLayoutEffect(() => {
    latest.current = replay;
  });
  useLayoutEffect(() => {
    const record = window.__fdTaps;
    if (!record) return;
    record.live[key] = true;
    const now = currentEvent();
    const mine = record.taps.filter((tap) => tap.key === key && tap.event !== now);
    record.taps = record.taps.filter((tap) => tap.key !== key);
    if (mine.length === 0) return;
    // In the next task: what hydration itself set in motion (state taken over from the DOM)
    // has been rendered by then, so the replayed tap meets the page as the visitor left it.
    const timer = setTimeout(() => {
      for (let i = 0; i < mine.length; i += 1) {
        record.replayed += 1;
        latest.current();
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [key]);
  return { 'data-tap': key };
}
