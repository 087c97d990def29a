import { useEffect } from 'react';

/**
 * Where focus goes when one view of the inbox page replaces another (sign-in, sign-out): the
 * control a staff member used is gone, so focus moves to the first control of what took its
 * place instead of falling to the page body. Set just before the change, taken once.
 */
export type Handoff = 'signed-in' | 'signed-out';

let pending: Handoff | null = null;

export function handOffFocus(handoff: Handoff): void {
  pending = handoff;
}

/** Focuses the element with `id` once, when it appears after `handoff`. */
export function useFocusOnHandoff(handoff: Handoff, id: string): void {
  useEffect(() => {
    if (pending !== handoff) return;
    const target = document.getElementById(id);
    if (!target) return;
    pending = null;
    target.focus();
  }, [handoff, id]);
}
