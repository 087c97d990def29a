import { useCallback, useEffect, useRef } from 'react';
import type { InboxRequest } from '../inbox-request';

/**
 * The main control of the request `id` (its status select; "Not spam" for suspected spam), which
 * takes focus when focus must move to the request (after an undo, a delete or a rescue next to
 * it); null when it is not shown.
 */
export const mainControlOf = (id: string): HTMLElement | null =>
  document.querySelector(`[data-request-id="${CSS.escape(id)}"] [data-main-control]`);

/** The request after `id` in `shown`, else the one before it; null when it was alone. */
export function neighbourOf(shown: readonly InboxRequest[], id: string): string | null {
  const index = shown.findIndex((candidate) => candidate.id === id);
  return (shown[index + 1] ?? shown[index - 1])?.id ?? null;
}

/**
 * Where focus goes once the list has redrawn: focusRequest (a request's main control, once
 * shown: after an undo or a rescue next to it) and focusFrom (after "Load more": the index of
 * the first older request).
 */
export function useListFocus(shown: readonly InboxRequest[]) {
  const requestRef = useRef<string | null>(null);
  const fromRef = useRef<number | null>(null);
  useEffect(() => {
    const index = fromRef.current;
    const target = index === null ? undefined : shown[index];
    if (target && mainControlOf(target.id)) {
      fromRef.current = null;
      mainControlOf(target.id)?.focus();
    }
  }, [shown]);
  useEffect(() => {
    const id = requestRef.current;
    if (id && mainControlOf(id)) {
      requestRef.current = null;
      mainControlOf(id)?.focus();
    }
  });
  const focusRequest = useCallback((id: string | null) => {
    requestRef.current = id;
  }, []);
  const focusFrom = useCallback((index: number) => {
    fromRef.current = index;
  }, []);
  return { focusRequest, focusFrom };
}
