import { useEffect, useLayoutEffect, useSyncExternalStore, type RefObject } from 'react';

/** Whether this browser has the popover API (every current one; jsdom and old ones do not). */
const supportsPopover = () =>
  typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

const noChanges = () => () => undefined;
const clientSide = () => true;
const serverSide = () => false;

function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false;
  }
}

/**
 * Keeps the overlay's popover (which opens, closes, light-dismisses and answers Escape with no
 * script at all) and the app's open state in step. The server's HTML is hydrated closed; if the
 * visitor opened the popover before that, the state follows it right after hydration, so
 * nothing on screen changes. Returns whether the app has taken over (from then on the toggle
 * carries its own aria-expanded; before, the browser derives it from popovertarget).
 * Without the popover API the overlay falls back to the `hidden` attribute.
 */
export function useOverlayPopover(
  overlay: RefObject<HTMLElement | null>,
  open: boolean,
  onOpenChange: (open: boolean) => void,
): boolean {
  // False while hydrating (as on the server), true from the render after.
  const takenOver = useSyncExternalStore(noChanges, clientSide, serverSide);

  useLayoutEffect(() => {
    const element = overlay.current;
    if (element && supportsPopover() && isPopoverOpen(element)) onOpenChange(true);
    // Once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const element = overlay.current;
    if (!element || !takenOver) return;
    if (!supportsPopover()) {
      element.toggleAttribute('hidden', !open);
      return;
    }
    if (open !== isPopoverOpen(element)) {
      if (open) element.showPopover();
      else element.hidePopover();
    }
  }, [overlay, open, takenOver]);

  return takenOver;
}

/** The popover's own toggles (its button, Escape, a tap outside) reported to the app. */
export function popoverState(event: Event): boolean | undefined {
  return 'newState' in event ? (event as ToggleEvent).newState === 'open' : undefined;
}

/** The toggle's click, where the browser has no popover API to do the work. */
export function toggleWithoutPopover(open: boolean, onOpenChange: (open: boolean) => void): void {
  if (!supportsPopover()) onOpenChange(!open);
}
