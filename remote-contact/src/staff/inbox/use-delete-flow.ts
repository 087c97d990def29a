import { useCallback, useRef, useState, type RefObject } from 'react';
import type { InboxRequest } from '../inbox-request';
import type { StaffConnection } from '../staff-connection';
import { deleteRequest } from '../use-inbox-requests';
import { mainControlOf, neighbourOf } from './focus-targets';

/**
 * The delete dialog: the request it asks about, and where focus goes after (its neighbour, or
 * the list's heading when it was the last; back to its opener when cancelled).
 */
export function useDeleteFlow(
  connection: StaffConnection,
  shown: readonly InboxRequest[],
  listHeading: RefObject<HTMLHeadingElement | null>,
) {
  const [deleting, setDeleting] = useState<InboxRequest | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const focusAfter = useRef<string | null>(null);

  const ask = useCallback((request: InboxRequest, button: HTMLButtonElement) => {
    opener.current = button;
    setDeleting(request);
  }, []);

  const confirm = useCallback(
    async (request: InboxRequest) => {
      const neighbour = neighbourOf(shown, request.id);
      await deleteRequest(connection, request.id);
      // The request and its Delete button are gone: focus goes to its neighbour.
      focusAfter.current = neighbour;
      opener.current = null;
      setDeleting(null);
    },
    [connection, shown],
  );

  // Runs once the dialog has closed (a focus move while it is open would be refused).
  const close = useCallback(() => {
    setDeleting(null);
    const neighbour = focusAfter.current ? mainControlOf(focusAfter.current) : null;
    focusAfter.current = null;
    (opener.current ?? neighbour ?? listHeading.current)?.focus();
    opener.current = null;
  }, [listHeading]);

  return { deleting, ask, confirm, close };
}
