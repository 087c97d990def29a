import { useEffect, useRef } from 'react';
import type { StatusFilter } from 'remote-shared/staff-content';
import type { InboxRequest } from '../inbox-request';

/**
 * A request opened through its own link (/staff?request=ID): once the list has it, its view is
 * shown (Spam for suspected spam), and it is scrolled to, focused and highlighted. Its id, until
 * then and after; null without a link.
 */
export function useLinkedRequest(
  linked: string | null,
  requests: readonly InboxRequest[] | null,
  setStatus: (status: StatusFilter) => void,
): string | null {
  const pending = useRef(linked !== null);
  const target = requests?.find((request) => request.id === linked);
  useEffect(() => {
    if (!pending.current || !target) return;
    setStatus(target.spam ? 'spam' : 'all');
  }, [target, setStatus]);
  useEffect(() => {
    if (!pending.current || !target) return;
    const card = document.getElementById(`request-${target.id}`);
    if (!card) return;
    pending.current = false;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  });
  return linked;
}
