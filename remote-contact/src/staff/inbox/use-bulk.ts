import { useCallback, useState, type RefObject } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import type { InboxRequest } from '../inbox-request';
import type { Author } from '../lead-change';
import type { StaffConnection } from '../staff-connection';
import { changeLead, deleteRequest } from '../use-inbox-requests';
import type { BulkAction } from './bulk-action';

/** Runs `action` on one request. */
function runOn(
  connection: StaffConnection,
  author: Author,
  request: InboxRequest,
  action: BulkAction,
): Promise<void> {
  if (action.kind === 'delete') return deleteRequest(connection, request.id);
  if (action.kind === 'status') {
    return request.status === action.status
      ? Promise.resolve()
      : changeLead(connection, author, request, 'status', action.status);
  }
  return request.owner === action.owner
    ? Promise.resolve()
    : changeLead(connection, author, request, 'owner', action.owner);
}

/**
 * The requests selected for a bulk action, the action asked about (one confirmation), and its
 * run: each request changed as one change of its own (its own history entry), those that fail
 * left selected and counted in what is said.
 */
export function useBulk(options: {
  readonly connection: StaffConnection;
  readonly author: Author;
  readonly all: readonly InboxRequest[] | null;
  readonly listHeading: RefObject<HTMLHeadingElement | null>;
  readonly say: (notice: string) => void;
}) {
  const { connection, author, all, listHeading, say } = options;
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [asked, setAsked] = useState<{ action: BulkAction; count: number } | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Only requests still stored count (one deleted elsewhere leaves the selection).
  const selected = (all ?? []).filter((request) => picked.has(request.id));

  const toggle = useCallback((request: InboxRequest, on: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(request.id);
      else next.delete(request.id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setPicked(new Set()), []);

  const ask = (action: BulkAction) => {
    setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setAsked({ action, count: selected.length });
  };

  const confirm = async (action: BulkAction) => {
    const results = await Promise.allSettled(
      selected.map((request) => runOn(connection, author, request, action)),
    );
    const failed = new Set(
      selected.filter((_, index) => results[index]?.status === 'rejected').map(({ id }) => id),
    );
    for (const result of results) {
      if (result.status === 'rejected') console.error('A bulk change failed:', result.reason);
    }
    setPicked(failed);
    say(staffInbox.bulk.done(selected.length - failed.size, failed.size));
    setOpener(null);
    setAsked(null);
  };

  // Once the dialog has closed: back to the control that asked (cancelled), or the list.
  const close = () => {
    setAsked(null);
    (opener?.isConnected ? opener : listHeading.current)?.focus();
    setOpener(null);
  };

  return { picked, selected, toggle, clear, asked, ask, confirm, close };
}
