import { useState, type ChangeEvent } from 'react';
import { staffInbox, type RequestStatus } from 'remote-shared/staff-content';
import { statuses } from '../../../../platform/contact-request/contact-schema.cjs';
import type { InboxRequest } from '../inbox-request';
import styles from './lead.module.css';
import { ownerChoices } from './owner-choices';

export interface LeadControlsProps {
  readonly request: InboxRequest;
  /** Who the request is for, in accessible names ("Status: request from Ada"). */
  readonly who: string;
  readonly busy: boolean;
  /** The last change of this request failed (its select goes back to the stored value). */
  readonly failed: boolean;
  /** The staff who can own it; null while it loads. */
  readonly roster: readonly string[] | null;
  readonly onStatus: (request: InboxRequest, status: RequestStatus) => void;
  readonly onOwner: (request: InboxRequest, owner: string) => void;
}

/**
 * The lead's status and owner, each a native select: focus stays on the select after a change
 * (nothing is disabled while saving; a change during a save is ignored instead).
 */
export function LeadControls({
  request,
  who,
  busy,
  failed,
  roster,
  onStatus,
  onOwner,
}: LeadControlsProps) {
  const text = staffInbox.lead;
  // A change is saved in a transaction, which shows nothing until the server confirms: the
  // select shows the chosen value meanwhile, until the stored one changes or the save fails.
  const [chosen, setChosen] = useState<{ status?: string; owner?: string }>({});
  const [seen, setSeen] = useState({ status: request.status, owner: request.owner, failed });
  if (seen.status !== request.status || seen.owner !== request.owner || seen.failed !== failed) {
    setSeen({ status: request.status, owner: request.owner, failed });
    setChosen({});
  }
  const statusId = `request-${request.id}-status`;
  const ownerId = `request-${request.id}-owner`;
  const owners = ownerChoices(request.owner, roster);
  return (
    <>
      <div className={styles.control}>
        <label htmlFor={statusId} className={styles.controlLabel}>
          {text.status}
        </label>
        <select
          id={statusId}
          data-main-control
          className={styles.select}
          aria-label={staffInbox.actionLabel(text.status, who)}
          aria-busy={busy}
          value={chosen.status ?? request.status}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            const next = statuses.find((status) => status === event.target.value);
            if (busy || !next) return;
            setChosen({ status: next });
            onStatus(request, next);
          }}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {staffInbox.status[status]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.control}>
        <label htmlFor={ownerId} className={styles.controlLabel}>
          {text.owner}
        </label>
        <select
          id={ownerId}
          className={styles.select}
          aria-label={staffInbox.actionLabel(text.owner, who)}
          aria-busy={busy}
          value={chosen.owner ?? request.owner}
          onChange={(event) => {
            if (busy) return;
            setChosen({ owner: event.target.value });
            onOwner(request, event.target.value);
          }}
        >
          <option value="">{text.nobody}</option>
          {owners.map(({ email, label }) => (
            <option key={email} value={email}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
