import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { staffInbox, type StatusFilter } from 'remote-shared/content';
import { Button } from 'remote-shared/ui';
import { DeleteDialog } from './delete-dialog';
import { useFocusOnHandoff } from './focus-handoff';
import { InboxTools } from './inbox-tools';
import type { InboxRequest } from './inbox-request';
import { viewerTimeZone } from './received-time';
import { RequestCard } from './request-card';
import { downloadRequests, type ExportFormat } from './request-downloads';
import {
  anyCampaign,
  campaignsOf,
  countsByView,
  filterRequests,
  type CampaignFilter,
} from './request-filter';
import type { StaffConnection } from './staff-connection';
import styles from './staff-inbox.module.css';
import { deleteRequest, rescueFromSpam, setAnswered, useInboxRequests } from './use-inbox-requests';

/** How long the arrival notice stays (then it clears, so it is never announced again). */
const arrivalNoticeMs = 10_000;

/**
 * Live arrivals after the first load: a notice said once (its own live region, cleared after a
 * while), the new requests highlighted and counted in the tab's title until the staff member
 * next presses a key or the pointer in the page.
 */
function useArrivals(requests: readonly InboxRequest[] | null) {
  const known = useRef<Set<string> | null>(null);
  const [notice, setNotice] = useState('');
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!requests) return;
    const ids = new Set(requests.map((request) => request.id));
    if (known.current) {
      const arrived = [...ids].filter((id) => !known.current?.has(id));
      if (arrived.length > 0) {
        setNotice(staffInbox.arrived(arrived.length));
        setFresh((current) => new Set([...current, ...arrived]));
      }
    }
    known.current = ids;
  }, [requests]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), arrivalNoticeMs);
    return () => clearTimeout(timer);
  }, [notice]);
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

/** A change that hid its request under the current view, and how to take it back. */
interface Undoable {
  readonly request: InboxRequest;
  readonly message: string;
}

/** The first button of the request `id`, or null when it is not shown. */
const firstButtonOf = (id: string): HTMLButtonElement | null =>
  document.querySelector(`[data-request-id="${CSS.escape(id)}"] button`);

/** The inbox itself, for staff: requests newest first, live, with search, filter and actions. */
export function StaffInbox({ connection }: { connection: StaffConnection }) {
  const state = useInboxRequests(connection);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [campaign, setCampaign] = useState<CampaignFilter>(anyCampaign);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [deleting, setDeleting] = useState<InboxRequest | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const all = state.kind === 'loaded' ? state.requests : null;
  const shown = useMemo(
    () => (all ? filterRequests(all, search, status, campaign) : []),
    [all, search, status, campaign],
  );
  const campaigns = useMemo(() => (all ? campaignsOf(all) : []), [all]);
  const counts = useMemo(() => (all ? countsByView(all) : null), [all]);
  const arrivals = useArrivals(all);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  /** The request whose first button takes focus once it is shown again (after an undo). */
  const focusRequest = useRef<string | null>(null);
  /** After a delete: the neighbour that takes focus, so the list does not jump to its top. */
  const focusAfterDelete = useRef<string | null>(null);
  useFocusOnHandoff('signed-in', 'inbox-search');

  useEffect(() => {
    if (undoable) undoButton.current?.focus();
  }, [undoable]);
  useEffect(() => {
    const id = focusRequest.current;
    if (id && firstButtonOf(id)) {
      focusRequest.current = null;
      firstButtonOf(id)?.focus();
    }
  });

  const mark = useCallback((id: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const toggleAnswered = useCallback(
    (request: InboxRequest, undoing = false) => {
      mark(request.id, true);
      setErrors((current) => {
        const next = { ...current };
        delete next[request.id];
        return next;
      });
      const answered = request.status !== 'answered';
      const after = { ...request, status: answered ? 'answered' : 'new' } as const;
      // The filter would hide it: say so where the button was, and offer to take it back.
      if (!undoing && filterRequests([after], search, status, campaign).length === 0) {
        setUndoable({
          request,
          message: staffInbox.hidden(
            request.name || request.email,
            staffInbox.status[after.status],
          ),
        });
      }
      setAnswered(connection, request.id, answered)
        .catch((error: unknown) => {
          console.error('Changing the answered state failed:', error);
          setErrors((current) => ({ ...current, [request.id]: staffInbox.updateFailed }));
        })
        .finally(() => mark(request.id, false));
    },
    [connection, mark, search, status, campaign],
  );

  const undo = useCallback(() => {
    if (!undoable) return;
    const { request } = undoable;
    setUndoable(null);
    focusRequest.current = request.id;
    // Back to what it was: the same toggle from its changed state.
    toggleAnswered(
      { ...request, status: request.status === 'answered' ? 'new' : 'answered' },
      true,
    );
  }, [undoable, toggleAnswered]);

  const rescue = useCallback(
    (request: InboxRequest) => {
      // It leaves the Spam view: focus goes on to its neighbour rather than the page.
      const index = shown.findIndex((candidate) => candidate.id === request.id);
      focusRequest.current = (shown[index + 1] ?? shown[index - 1])?.id ?? null;
      mark(request.id, true);
      rescueFromSpam(connection, request.id)
        .catch((error: unknown) => {
          console.error('Moving the request out of spam failed:', error);
          setErrors((current) => ({ ...current, [request.id]: staffInbox.spam.rescueFailed }));
        })
        .finally(() => mark(request.id, false));
    },
    [connection, mark, shown],
  );

  const confirmDelete = useCallback(
    async (request: InboxRequest) => {
      const index = shown.findIndex((candidate) => candidate.id === request.id);
      await deleteRequest(connection, request.id);
      // The request and its Delete button are gone: focus goes to its neighbour (the next one,
      // else the one before), or to the list's heading when it was the last.
      focusAfterDelete.current = (shown[index + 1] ?? shown[index - 1])?.id ?? null;
      opener.current = null;
      setDeleting(null);
    },
    [connection, shown],
  );

  // Runs once the dialog has closed (a focus move while it is open would be refused).
  const closeDialog = useCallback(() => {
    setDeleting(null);
    const neighbour = focusAfterDelete.current ? firstButtonOf(focusAfterDelete.current) : null;
    focusAfterDelete.current = null;
    (opener.current ?? neighbour ?? listHeading.current)?.focus();
    opener.current = null;
  }, []);

  if (state.kind === 'failed') {
    return (
      <p className={styles.problem} role="alert">
        {staffInbox.listFailed}
      </p>
    );
  }

  const exportShown = (format: ExportFormat) => downloadRequests(shown, format);

  return (
    <div className={styles.inbox}>
      <InboxTools
        search={search}
        onSearch={setSearch}
        status={status}
        counts={counts}
        onStatus={setStatus}
        campaign={campaign}
        campaigns={campaigns}
        onCampaign={setCampaign}
        onExport={exportShown}
        canExport={shown.length > 0}
      />
      <div className={styles.summary}>
        <p role="status" className={styles.count}>
          {all ? staffInbox.count(shown.length, all.length) : staffInbox.loading}
        </p>
        {/* Its own live region: said once when requests arrive, then cleared. */}
        <p role="status" className={styles.arrival} data-testid="arrival-notice">
          {arrivals.notice}
        </p>
        <p className={styles.zone}>{staffInbox.timeZoneNote(viewerTimeZone())}</p>
      </div>
      {undoable && (
        <div className={styles.undo} role="status">
          <p>{undoable.message}</p>
          <Button
            ref={undoButton}
            variant="secondary"
            aria-label={staffInbox.undoLabel(undoable.request.name || undoable.request.email)}
            onClick={undo}
          >
            {staffInbox.undo}
          </Button>
        </div>
      )}
      <h2 ref={listHeading} id="inbox-list-heading" className={styles.listHeading} tabIndex={-1}>
        {staffInbox.listLabel}
      </h2>
      {all && shown.length === 0 && (
        <p className={styles.empty}>{all.length === 0 ? staffInbox.empty : staffInbox.noMatches}</p>
      )}
      {shown.length > 0 && (
        <ol className={styles.list} aria-labelledby="inbox-list-heading">
          {shown.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                busy={busy.has(request.id)}
                fresh={arrivals.fresh.has(request.id)}
                error={errors[request.id] ?? null}
                onToggleAnswered={toggleAnswered}
                onRescue={rescue}
                onDelete={(target, button) => {
                  opener.current = button;
                  setDeleting(target);
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <DeleteDialog request={deleting} onConfirm={confirmDelete} onClose={closeDialog} />
    </div>
  );
}
