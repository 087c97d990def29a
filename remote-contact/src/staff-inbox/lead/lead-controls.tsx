import { useState, type ChangeEvent } from 'react';
import { staffInbox, type RequestStatus } from 'remote-shared/content';
import { Button } from 'remote-shared/ui';
import { leadLimits, statuses } from '../../../../platform/contact-request/contact-schema.cjs';
import fields from '../../shared-styles/fields.module.css';
import type { InboxRequest } from '../inbox-request';
import styles from './lead.module.css';
import { ownerChoices } from './owner-choices';

export interface LeadControlsProps {
  readonly request: InboxRequest;
  /** Who the request is for, in accessible names ("Status: request from Ada"). */
  readonly who: string;
  readonly busy: boolean;
  /** The staff who can own it; null while it loads. */
  readonly roster: readonly string[] | null;
  readonly onStatus: (request: InboxRequest, status: RequestStatus) => void;
  readonly onOwner: (request: InboxRequest, owner: string) => void;
}

/**
 * The lead's status and owner, each a native select: focus stays on the select after a change
 * (nothing is disabled while saving; a change during a save is ignored instead).
 */
export function LeadControls({ request, who, busy, roster, onStatus, onOwner }: LeadControlsProps) {
  const text = staffInbox.lead;
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
          value={request.status}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            const next = statuses.find((status) => status === event.target.value);
            if (!busy && next) onStatus(request, next);
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
          value={request.owner}
          onChange={(event) => busy || onOwner(request, event.target.value)}
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

export interface LeadNoteProps {
  readonly request: InboxRequest;
  readonly who: string;
  readonly busy: boolean;
  readonly onNote: (request: InboxRequest, note: string) => Promise<boolean>;
}

/** The internal note: edited here, saved with its button (which keeps focus and says so). */
export function LeadNote({ request, who, busy, onNote }: LeadNoteProps) {
  const text = staffInbox.lead;
  const [draft, setDraft] = useState(request.note);
  const [saved, setSaved] = useState(false);
  // Someone else's note arrives live: shown unless this member is mid-edit.
  const [base, setBase] = useState(request.note);
  if (base !== request.note) {
    setBase(request.note);
    if (draft === base) setDraft(request.note);
  }
  const noteId = `request-${request.id}-note`;
  const trimmed = draft.trim();
  return (
    <div className={styles.note}>
      <label htmlFor={noteId} className={styles.controlLabel}>
        {text.note}
      </label>
      <textarea
        id={noteId}
        className={[fields.input, styles.noteInput].join(' ')}
        aria-label={staffInbox.actionLabel(text.note, who)}
        aria-describedby={`${noteId}-hint`}
        maxLength={leadLimits.note}
        rows={3}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
        }}
      />
      <p id={`${noteId}-hint`} className={styles.hint}>
        {text.noteHint}
      </p>
      <div className={styles.noteActions}>
        <Button
          variant="secondary"
          aria-disabled={busy || trimmed === request.note}
          aria-label={staffInbox.actionLabel(text.saveNote, who)}
          onClick={() => {
            if (busy || trimmed === request.note) return;
            void onNote(request, trimmed).then((ok) => {
              setSaved(ok);
              if (ok) setDraft(trimmed);
            });
          }}
        >
          {text.saveNote}
        </Button>
        <p role="status" className={styles.hint}>
          {saved ? text.noteSaved : ''}
        </p>
      </div>
    </div>
  );
}
