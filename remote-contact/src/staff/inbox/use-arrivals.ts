import { useEffect, useRef, useState } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import type { InboxRequest } from '../inbox-request';

/** How long a notice stays (then it clears, so it is never announced again). */
const noticeMs = 10_000;

/** A message said once in a live region, cleared after `noticeMs`. */
export function useFleetingNotice(): readonly [string, (notice: string) => void] {
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), noticeMs);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice];
}

/**
 * Live arrivals after the first load: a notice said once (its own live region, cleared after a
 * while), the new requests highlighted and counted in the tab's title until the staff member
 * next presses a key or the pointer in the page.
 */
export function useArrivals(requests: readonly InboxRequest[] | null) {
  const known = useRef<Set<string> | null>(null);
  const [notice, setNotice] = useFleetingNotice();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!requests) return;
    const ids = new Set(requests.map((request) => request.id));
    const before = known.current;
    if (before) {
      // Arrivals are newer than every request already known (the list is newest first): older
      // requests that came into view (a page loaded, a search over all of them) are not news.
      const firstKnown = requests.findIndex((request) => before.has(request.id));
      const newer =
        before.size === 0 || firstKnown === -1 ? requests : requests.slice(0, firstKnown);
      const arrived = newer.map((request) => request.id).filter((id) => !before.has(id));
      if (arrived.length > 0) {
        setNotice(staffInbox.arrived(arrived.length));
        setFresh((current) => new Set([...current, ...arrived]));
      }
    }
    known.current = ids;
  }, [requests, setNotice]);
  useEffect(() => {
    if (fresh.size === 0) return;
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = staffInbox.unseenTitle(fresh.size, base);
    const seen = () => setFresh(new Set());
    document.addEventListener('keydown', seen, { once: true });
    document.addEventListener('pointerdown', seen, { once: true });
    return () => {
      document.title = base;
      document.removeEventListener('keydown', seen);
      document.removeEventListener('pointerdown', seen);
    };
  }, [fresh]);
  return { notice, fresh };
}
