import { useCallback, useEffect, useRef } from 'react';
import { staffInbox, type StatusFilter } from 'remote-shared/staff-content';
import { Button, visuallyHidden } from 'remote-shared/ui';
import { DeleteDialog } from './delete-dialog';
import { useFirstScreenFirst } from './first-screen-first';
import { useFocusOnHandoff } from './focus-handoff';
import { BulkBar } from './inbox/bulk-bar';
import { BulkDialog } from './inbox/bulk-dialog';
import { countLine } from './inbox/count-line';
import { useListFocus } from './inbox/focus-targets';
import { useInboxView } from './inbox/inbox-view';
import { matchesView, useInboxList } from './inbox/use-inbox-list';
import { useArrivals, useFleetingNotice } from './inbox/use-arrivals';
import { useBulk } from './inbox/use-bulk';
import { useDeleteFlow } from './inbox/use-delete-flow';
import { useLeadActions } from './inbox/use-lead-actions';
import { useLinkedRequest } from './inbox/use-linked-request';
import { InboxTools } from './inbox-tools';
import type { InboxRequest } from './inbox-request';
import type { Author } from './lead-change';
import { viewerTimeZone } from './received-time';
import { RequestCard } from './request-card';
import { downloadRequests, type ExportFormat } from './request-downloads';
import type { StaffConnection } from './staff-connection';
import styles from './staff-inbox.module.css';
import { pageSize, useStaffRoster, withWholeHistory } from './use-inbox-requests';

/** The inbox itself, for staff: requests newest first, live, with search, filter and actions. */
export function StaffInbox({
  connection,
  author,
}: {
  connection: StaffConnection;
  /** The signed-in account, as history names its changes. */
  author: Author;
}) {
  const [view, dispatch] = useInboxView();
  const list = useInboxList(connection, view);
  const { all, shown } = list;
  const roster = useStaffRoster(connection);
  const [notice, say] = useFleetingNotice();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const drawn = useFirstScreenFirst(shown);
  const arrivals = useArrivals(all);
  const focus = useListFocus(shown);
  const setStatus = useCallback(
    (status: StatusFilter) => dispatch({ type: 'status', status }),
    [dispatch],
  );
  const stillShown = useCallback((request: InboxRequest) => matchesView(view, request), [view]);
  const actions = useLeadActions({
    connection,
    author,
    stillShown,
    all: list.known,
    shown,
    focusRequest: focus.focusRequest,
    listHeading,
    say,
  });
  const deletion = useDeleteFlow(connection, shown, listHeading);
  const bulk = useBulk({ connection, author, all: list.known, listHeading, say });
  const undoButton = useRef<HTMLButtonElement>(null);
  useFocusOnHandoff('signed-in', 'inbox-search');
  const linked = useLinkedRequest(list.linkedId, all, setStatus);
  useEffect(() => {
    if (actions.undoable) undoButton.current?.focus();
  }, [actions.undoable]);

  if (list.failed) {
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
        say(staffInbox.exportFailed);
      },
    );
  };
  const { undoable } = actions;

  return (
    <div className={styles.inbox}>
      <InboxTools
        search={view.search}
        onSearch={(search) => dispatch({ type: 'search', search })}
        status={view.status}
        counts={list.counts}
        onStatus={setStatus}
        campaign={view.campaign}
        campaigns={list.campaigns}
        onCampaign={(campaign) => dispatch({ type: 'campaign', campaign })}
        onExport={exportShown}
        canExport={shown.length > 0}
      />
      <div className={styles.summary}>
        <p role="status" className={styles.count}>
          {countLine(
            all,
            shown.length,
            view,
            list.counts,
            list.totals,
            list.matching.length,
            list.fastSearch,
          )}
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
      {list.fastSearch && (
        // What a search looked at, and the full pass as a step of its own (it downloads all).
        <div className={styles.searchScope}>
          <p role="status" className={styles.zone}>
            {list.fastSearch.pending
              ? staffInbox.searching
              : staffInbox.searchCovers(list.fastSearch.loaded)}
          </p>
          <Button
            variant="secondary"
            className={styles.compact}
            onClick={() => {
              // The button goes once pressed: focus moves to the list it fills.
              listHeading.current?.focus();
              dispatch({ type: 'search everything' });
            }}
          >
            {staffInbox.searchEverything(list.totals?.all ?? null)}
          </Button>
        </div>
      )}
      {bulk.selected.length > 0 && (
        <BulkBar
          count={bulk.selected.length}
          roster={roster}
          onAction={bulk.ask}
          onClear={bulk.clear}
        />
      )}
      {undoable && (
        <div className={styles.undo} role="status">
          <p>{undoable.message}</p>
          <Button
            ref={undoButton}
            variant="secondary"
            aria-label={staffInbox.undoLabel(undoable.request.name || undoable.request.email)}
            onClick={actions.undo}
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
                busy={actions.busy.has(request.id)}
                fresh={arrivals.fresh.has(request.id)}
                linked={linked === request.id}
                error={actions.errors[request.id] ?? null}
                roster={roster}
                account={author.uid}
                onStatus={actions.changeStatus}
                onOwner={actions.changeOwner}
                onNote={actions.changeNote}
                onRescue={actions.rescue}
                onMarkSpam={actions.markSpam}
                selected={bulk.picked.has(request.id)}
                onSelect={bulk.toggle}
                onDelete={deletion.ask}
              />
            </li>
          ))}
        </ol>
      )}
      {all && ((!list.complete && !list.everything) || list.moreMatches) && (
        <Button
          variant="secondary"
          className={styles.loadMore}
          onClick={() => {
            // The first of the older requests takes focus once shown (the button may go).
            focus.focusFrom(shown.length);
            dispatch({ type: 'more' });
          }}
        >
          {staffInbox.loadMore(pageSize)}
        </Button>
      )}
      <BulkDialog asked={bulk.asked} onConfirm={bulk.confirm} onClose={bulk.close} />
      <DeleteDialog
        request={deletion.deleting}
        onConfirm={deletion.confirm}
        onClose={deletion.close}
      />
    </div>
  );
}
