import type { FocusTrap, createFocusTrap } from 'focus-trap';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export interface FocusTrapOptions {
  /** Called on Escape; the trap itself stays up until `active` turns false. */
  onEscape: () => void;
  /** Where focus goes first; by default the first focusable element of the first container. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Where focus goes when the trap ends; by default the element focused before it began. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The trap's library is fetched when a modal's opener is pressed or focused, or when the modal
 * opens, never at start-up: no page needs it before then, and every byte before hydration
 * delays the first working tap.
 */
let library: Promise<{ createFocusTrap: typeof createFocusTrap }> | undefined;
const loadFocusTrap = () => (library ??= import('focus-trap'));
/** What on a modal's opener shows the intent to open it. */
const openerIntents = ['pointerdown', 'focus'] as const;

/**
 * Keeps keyboard focus inside `containers` while `active` (a modal's contract): focus moves in,
 * Tab and Shift+Tab wrap, Escape asks to close, and focus returns when it ends.
 */
export function useFocusTrap(
  containers: ReadonlyArray<RefObject<HTMLElement | null>>,
  active: boolean,
  options: FocusTrapOptions,
): void {
  // The trap lives across renders; it reads the newest callbacks through this ref.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  // The control that opens the modal (focus returns to it) shows the intent to open it: fetch
  // the library then, so it is usually here by the time the modal is.
  useEffect(() => {
    const opener = options.returnFocusTo?.current;
    if (!opener) return;
    const preload = () => void loadFocusTrap().catch(() => undefined);
    for (const type of openerIntents) opener.addEventListener(type, preload);
    return () => {
      for (const type of openerIntents) opener.removeEventListener(type, preload);
    };
    // The opener is a ref, stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!active) return;
    const elements = containers
      .map((ref) => ref.current)
      .filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Focus moves in at once, while the library (Tab wrapping) is still on its way.
    latest.current.initialFocus?.()?.focus({ preventScroll: true });
    // Escape is answered here, from the first moment, not by the library: a visitor who presses
    // it as soon as the modal shows (before the library arrived) must not be ignored.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      latest.current.onEscape();
    };
    document.addEventListener('keydown', onKeyDown);
    // Focus goes back only if nothing else has taken it meanwhile: when a link in the modal
    // navigates, the new page's heading takes focus, and returning it would steal it back.
    const returnTarget = () => {
      const active = document.activeElement;
      const movedAway =
        active instanceof HTMLElement &&
        active !== document.body &&
        !elements.some((element) => element.contains(active));
      return movedAway ? false : (latest.current.returnFocusTo?.current ?? previous ?? false);
    };
    let trap: FocusTrap | undefined;
    let ended = false;
    loadFocusTrap().then(
      ({ createFocusTrap }) => {
        if (ended) return;
        trap = createFocusTrap(elements, {
          // Escape is the listener's above; the trap only asks its owner to close anyway.
          escapeDeactivates: false,
          allowOutsideClick: true,
          // Focusing must not scroll: the page behind a modal stays exactly where it was.
          preventScroll: true,
          clickOutsideDeactivates: false,
          initialFocus: () => latest.current.initialFocus?.() ?? undefined,
          fallbackFocus: elements[0],
          // Read when focus is about to return, a task after the trap ends.
          setReturnFocus: returnTarget,
          // jsdom and some containers have no layout; do not hide elements from the trap for that.
          tabbableOptions: { displayCheck: 'none' },
        });
        trap.activate();
      },
      (error: unknown) => {
        // The page behind is inert anyway; without the library only Tab's wrapping is lost.
        console.error('Focus trap unavailable:', error);
      },
    );
    return () => {
      ended = true;
      document.removeEventListener('keydown', onKeyDown);
      if (trap) trap.deactivate({ returnFocus: true });
      else {
        const target = returnTarget();
        if (target) target.focus({ preventScroll: true });
      }
    };
    // The containers are refs, stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}
