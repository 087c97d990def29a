import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { staffInbox, type RequestStatus, type StatusFilter } from 'remote-shared/content';
import { Button, visuallyHidden } from 'remote-shared/ui';
import { DeleteDialog } from './delete-dialog';
import { useFirstScreenFirst } from './first-screen-first';
import { useFocusOnHandoff } from './focus-handoff';
import { InboxTools } from './inbox-tools';
import type { InboxRequest } from './inbox-request';
import { viewerTimeZone } from './received-time';
import { RequestCard } from './request-card';
import { linkedRequestId } from './request-link';
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
import {
  changeLead,
  deleteRequest,
  pageSize,
  rescueFromSpam,
  useInboxRequests,
  useRequestTotals,
  useStaffRoster,
  withWholeHistory,
} from './use-inbox-requests';
import { NoteConflict } from './lead-change';
import type { NoteOutcome } from './lead/lead-note';

/**
 * The line above the list: how many requests the view shows of how many it holds, and how many
 * suspected spam wait apart (All never counts them, so its count and this line agree). While
 * only the newest pages are loaded, how many of all the requests that is.
 */
function countLine(
  all: readonly InboxRequest[] | null,
  shown: number,
  status: StatusFilter,
  counts: Readonly<Record<StatusFilter, number>> | null,
  totals: { readonly all: number; readonly spam: number } | null,
  matching: number,
): string {
  if (!all) return staffInbox.loading;
  if (!counts) {
    return totals
      ? staffInbox.newest(shown, totals.all - totals.spam)
      : staffInbox.count(shown, matching);
  }
  const line = staffInbox.count(shown, counts[status]);
  return status === 'spam' || counts.spam === 0
    ? line
    : `${line} ${staffInbox.spamApart(counts.spam)}`;
}

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

/**
 * The main control of the request `id` (its status select; "Not spam" for suspected spam), which
 * takes focus when focus must move to the request (after an undo, a delete or a rescue next to
 * it); null when it is not shown.
 */
const mainControlOf = (id: string): HTMLElement | null =>
  document.querySelector(`[data-request-id="${CSS.escape(id)}"] [data-main-control]`);

/** The inbox itself, for staff: requests newest first, live, with search, filter and actions. */
export function StaffInbox({ connection }: { connection: StaffConnection }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [campaign, setCampaign] = useState<CampaignFilter>(anyCampaign);
  const [pages, setPages] = useState(1);
  // A search or a filter looks at every request, not only the pages loaded so far.
  const [linkedId] = useState(() => linkedRequestId(window.location.search));
  const everything =
    search.trim() !== '' || status !== 'all' || campaign !== anyCampaign || linkedId !== null;
  const state = useInboxRequests(connection, everything ? 'all' : pages * pageSize);
  const roster = useStaffRoster(connection);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [deleting, setDeleting] = useState<InboxRequest | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const all = state.kind === 'loaded' ? state.requests : null;
  const complete = state.kind === 'loaded' && state.complete;
  const matching = useMemo(
    () => (all ? filterRequests(all, search, status, campaign) : []),
    [all, search, status, campaign],
  );
  // What the list renders is bounded by the pages asked for, whatever was loaded: a search over
  // thousands of requests (or the moment between clearing it and the listener narrowing again)
  // renders the newest matches a page at a time, never thousands of cards at once.
  // A linked request is shown however old it is.
  const linkedIndex = linkedId ? matching.findIndex((request) => request.id === linkedId) : -1;
  const limit = Math.max(pages * pageSize, linkedIndex + 1);
  const shown = useMemo(() => matching.slice(0, limit), [matching, limit]);
  const moreMatches = everything && matching.length > shown.length;
  const drawn = useFirstScreenFirst(shown);
  const campaigns = useMemo(() => (all ? campaignsOf(all) : []), [all]);
  // Each view's count is exact only over every request; while pages are loading, none is shown.
  const counts = useMemo(() => (all && complete ? countsByView(all) : null), [all, complete]);
  const totals = useRequestTotals(connection, complete ? null : all?.[0]?.id);
  const arrivals = useArrivals(all);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  /** The request whose main control takes focus once it is shown again (after an undo). */
  const focusRequest = useRef<string | null>(null);
  /** After a delete: the neighbour that takes focus, so the list does not jump to its top. */
  const focusAfterDelete = useRef<string | null>(null);
  useFocusOnHandoff('signed-in', 'inbox-search');
  const linked = useLinkedRequest(linkedId, all, setStatus);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), arrivalNoticeMs);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (undoable) undoButton.current?.focus();
  }, [undoable]);
  /** After "Load more": the index of the first older request, which takes focus once shown. */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    const target = index === null ? undefined : shown[index];
    if (target && mainControlOf(target.id)) {
      focusFrom.current = null;
      mainControlOf(target.id)?.focus();
    }
  }, [shown]);
  useEffect(() => {
    const id = focusRequest.current;
    if (id && mainControlOf(id)) {
      focusRequest.current = null;
      mainControlOf(id)?.focus();
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

  /** Saves one change of a lead; true when it was saved. */
  const save = useCallback(
    (request: InboxRequest, change: Promise<void>): Promise<boolean> => {
      mark(request.id, true);
      setErrors((current) => {
        const next = { ...current };
        delete next[request.id];
        return next;
      });
      return change
        .then(() => true)
        .catch((error: unknown) => {
          console.error('Saving the change failed:', error);
          setErrors((current) => ({ ...current, [request.id]: staffInbox.updateFailed }));
          return false;
        })
        .finally(() => mark(request.id, false));
    },
    [mark],
  );

  const changeStatus = useCallback(
    (request: InboxRequest, to: RequestStatus, undoing = false) => {
      if (to === request.status) return;
      // The filter would hide it: say so where the control was, and offer to take it back.
      if (
        !undoing &&
        filterRequests([{ ...request, status: to }], search, status, campaign).length === 0
      ) {
        setUndoable({
          request,
          message: staffInbox.hidden(request.name || request.email, staffInbox.status[to]),
        });
      }
      void save(request, changeLead(connection, request, 'status', to));
    },
    [connection, save, search, status, campaign],
  );

  const changeOwner = useCallback(
    (request: InboxRequest, owner: string) =>
      void save(request, changeLead(connection, request, 'owner', owner)),
    [connection, save],
  );

  const changeNote = useCallback(
    (request: InboxRequest, note: string, startedFrom: string): Promise<NoteOutcome> => {
      mark(request.id, true);
      return changeLead(connection, request, 'note', note, startedFrom)
        .then((): NoteOutcome => ({ kind: 'saved' }))
        .catch((error: unknown): NoteOutcome => {
          if (error instanceof NoteConflict) {
            return { kind: 'conflict', current: error.current, by: error.by };
          }
          console.error('Saving the note failed:', error);
          return { kind: 'failed' };
        })
        .finally(() => mark(request.id, false));
    },
    [connection, mark],
  );

  const undo = useCallback(() => {
    if (!undoable) return;
    const { request } = undoable;
    setUndoable(null);
    focusRequest.current = request.id;
    // Back to what it was, from the request as it is now (its history has one entry more).
    const current = all?.find((candidate) => candidate.id === request.id);
    if (current) changeStatus(current, request.status, true);
  }, [undoable, all, changeStatus]);

  const rescue = useCallback(
    (request: InboxRequest) => {
      // It leaves the Spam view: focus goes on to its neighbour rather than the page.
      const index = shown.findIndex((candidate) => candidate.id === request.id);
      const neighbour = (shown[index + 1] ?? shown[index - 1])?.id ?? null;
      focusRequest.current = neighbour;
      mark(request.id, true);
      rescueFromSpam(connection, request)
        .then(() => {
          setNotice(staffInbox.spam.rescued(request.name || request.email));
          // The last one: no neighbour takes focus, the list's heading does.
          if (!neighbour) listHeading.current?.focus();
        })
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
    const neighbour = focusAfterDelete.current ? mainControlOf(focusAfterDelete.current) : null;
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

  const exportShown = (format: ExportFormat) => {
    withWholeHistory(connection, shown).then(
      (requests) => downloadRequests(requests, format),
      (error: unknown) => {
        console.error('Reading the history for the export failed:', error);
        setNotice(staffInbox.exportFailed);
      },
    );
  };

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
          {countLine(all, shown.length, status, counts, totals, matching.length)}
        </p>
        <p role="status" className={styles.arrival} data-testid="action-notice">
          {notice}
        </p>
        {/* Its own live region: said once when requests arrive, then cleared. */}
        <p role="status" className={styles.arrival} data-testid="arrival-notice">
          {arrivals.notice}
        </p>
        {/* Not on a phone's first screen: each time there names its zone already. */}
        <p className={[styles.zone, visuallyHidden.narrow].join(' ')}>
          {staffInbox.timeZoneNote(viewerTimeZone())}
        </p>
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
      {/* The first screen is for requests: the list's heading stays for screen readers and as a
          focus target; the count above the list says as much. */}
      <h2
        ref={listHeading}
        id="inbox-list-heading"
        className={[styles.listHeading, visuallyHidden.always].join(' ')}
        tabIndex={-1}
      >
        {staffInbox.listLabel}
      </h2>
      {all && shown.length === 0 && (
        <p className={styles.empty}>{all.length === 0 ? staffInbox.empty : staffInbox.noMatches}</p>
      )}
      {shown.length > 0 && (
        <ol className={styles.list} aria-labelledby="inbox-list-heading">
          {drawn.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                busy={busy.has(request.id)}
                fresh={arrivals.fresh.has(request.id)}
                linked={linked === request.id}
                error={errors[request.id] ?? null}
                roster={roster}
                onStatus={changeStatus}
                onOwner={changeOwner}
                onNote={changeNote}
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
      {all && ((!complete && !everything) || moreMatches) && (
        <Button
          variant="secondary"
          className={styles.loadMore}
          onClick={() => {
            // The first of the older requests takes focus once shown (the button may go).
            focusFrom.current = shown.length;
            setPages((current) => current + 1);
          }}
        >
          {staffInbox.loadMore(pageSize)}
        </Button>
      )}
      <DeleteDialog request={deleting} onConfirm={confirmDelete} onClose={closeDialog} />
    </div>
  );
}

/**
 * A request opened through its own link (/staff?request=ID): once the list has it, its view is
 * shown (Spam for suspected spam), and it is scrolled to, focused and highlighted. Its id, until
 * then and after; null without a link.
 */
function useLinkedRequest(
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
