import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { staffInbox, type StatusFilter } from 'remote-shared/content';
import { DeleteDialog } from './delete-dialog';
import { InboxTools } from './inbox-tools';
import type { InboxRequest } from './inbox-request';
import { viewerTimeZone } from './received-time';
import { RequestCard } from './request-card';
import { downloadRequests, type ExportFormat } from './request-downloads';
import { anyCampaign, campaignsOf, filterRequests, type CampaignFilter } from './request-filter';
import type { StaffConnection } from './staff-connection';
import styles from './staff-inbox.module.css';
import { deleteRequest, rescueFromSpam, setAnswered, useInboxRequests } from './use-inbox-requests';

/** Says "a new request arrived" when live updates add requests after the first load. */
function useArrivals(requests: readonly InboxRequest[] | null): string {
  const known = useRef<Set<string> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!requests) return;
    const ids = new Set(requests.map((request) => request.id));
    if (known.current) {
      const arrived = [...ids].filter((id) => !known.current?.has(id)).length;
      if (arrived > 0) setMessage(staffInbox.arrived(arrived));
    }
    known.current = ids;
  }, [requests]);
  return message;
}

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
  const arrival = useArrivals(all);

  const mark = useCallback((id: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const toggleAnswered = useCallback(
    (request: InboxRequest) => {
      mark(request.id, true);
      setErrors((current) => {
        const next = { ...current };
        delete next[request.id];
        return next;
      });
      setAnswered(connection, request.id, request.status !== 'answered')
        .catch((error: unknown) => {
          console.error('Changing the answered state failed:', error);
          setErrors((current) => ({ ...current, [request.id]: staffInbox.updateFailed }));
        })
        .finally(() => mark(request.id, false));
    },
    [connection, mark],
  );

  const rescue = useCallback(
    (request: InboxRequest) => {
      mark(request.id, true);
      rescueFromSpam(connection, request.id)
        .catch((error: unknown) => {
          console.error('Moving the request out of spam failed:', error);
          setErrors((current) => ({ ...current, [request.id]: staffInbox.spam.rescueFailed }));
        })
        .finally(() => mark(request.id, false));
    },
    [connection, mark],
  );

  const confirmDelete = useCallback(
    async (request: InboxRequest) => {
      await deleteRequest(connection, request.id);
      // The request and its Delete button are gone: once closed, focus goes to the list.
      opener.current = null;
      setDeleting(null);
    },
    [connection],
  );

  // Runs once the dialog has closed (a focus move while it is open would be refused).
  const closeDialog = useCallback(() => {
    setDeleting(null);
    (opener.current ?? listHeading.current)?.focus();
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
          {arrival && <span className={styles.arrival}> {arrival}</span>}
        </p>
        <p className={styles.zone}>{staffInbox.timeZoneNote(viewerTimeZone())}</p>
      </div>
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
