import { useState } from 'react';
import { staffInbox } from 'remote-shared/content';
import { Button } from 'remote-shared/ui';
import { cleanText, leadLimits } from '../../../../platform/contact-request/contact-schema.cjs';
import fields from '../../shared-styles/fields.module.css';
import type { InboxRequest } from '../inbox-request';
import styles from './lead.module.css';

/** How a save of the note ended. */
export type NoteOutcome =
  | { readonly kind: 'saved' }
  /** Someone else saved the note since this editor started from it: theirs, and who. */
  | { readonly kind: 'conflict'; readonly current: string; readonly by: string }
  | { readonly kind: 'failed' };

export interface LeadNoteProps {
  readonly request: InboxRequest;
  readonly who: string;
  readonly busy: boolean;
  /** Saves `note` over `startedFrom` (the note this editor started from). */
  readonly onNote: (
    request: InboxRequest,
    note: string,
    startedFrom: string,
  ) => Promise<NoteOutcome>;
}

/**
 * The internal note: edited here, saved with its button (which keeps focus and says so). What
 * was typed is never dropped: a save that fails keeps it in the box and says why; a note someone
 * else saved meanwhile is shown beside it, for this member to choose. Characters no note may
 * hold (direction marks, zero-width characters at the ends: the schema's cleanText) are removed
 * before saving, and the member is told how many.
 */
export function LeadNote({ request, who, busy, onNote }: LeadNoteProps) {
  const text = staffInbox.lead;
  const [draft, setDraft] = useState(request.note);
  // The stored note this draft started from; it follows the stored one while nothing is typed.
  const [base, setBase] = useState(request.note);
  const [message, setMessage] = useState<{ readonly text: string; readonly alert: boolean } | null>(
    null,
  );
  const [conflict, setConflict] = useState<{ current: string; by: string } | null>(null);
  if (draft === base && base !== request.note) {
    setBase(request.note);
    setDraft(request.note);
  }
  const noteId = `request-${request.id}-note`;
  const cleaned = cleanText(draft, { multiline: true });
  const unchanged = cleaned.text === request.note && !conflict;

  const save = (startedFrom: string) => {
    if (busy) return;
    if (cleaned.text.length > leadLimits.note) {
      setMessage({ text: text.noteTooLong(leadLimits.note), alert: true });
      return;
    }
    setMessage(null);
    void onNote(request, cleaned.text, startedFrom).then((outcome) => {
      if (outcome.kind === 'saved') {
        setConflict(null);
        setDraft(cleaned.text);
        setBase(cleaned.text);
        setMessage({ text: text.noteSavedCleaned(cleaned.removed), alert: false });
      } else if (outcome.kind === 'conflict') {
        setConflict({ current: outcome.current, by: outcome.by });
        setMessage({ text: text.noteConflict(outcome.by), alert: true });
      } else {
        setMessage({ text: text.noteFailed, alert: true });
      }
    });
  };

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
          setMessage(null);
        }}
      />
      <p id={`${noteId}-hint`} className={styles.hint}>
        {text.noteHint}
      </p>
      {conflict && (
        <div className={styles.conflict}>
          <p className={styles.hint}>{text.theirNote(conflict.by)}</p>
          <p className={styles.theirNote}>{conflict.current || text.emptyNote}</p>
          <div className={styles.noteActions}>
            <Button
              variant="secondary"
              aria-label={staffInbox.actionLabel(text.keepMine, who)}
              onClick={() => save(conflict.current)}
            >
              {text.keepMine}
            </Button>
            <Button
              variant="secondary"
              aria-label={staffInbox.actionLabel(text.useTheirs, who)}
              onClick={() => {
                setDraft(request.note);
                setBase(request.note);
                setConflict(null);
                setMessage(null);
              }}
            >
              {text.useTheirs}
            </Button>
          </div>
        </div>
      )}
      <div className={styles.noteActions}>
        {!conflict && (
          <Button
            variant="secondary"
            aria-disabled={busy || unchanged}
            aria-label={staffInbox.actionLabel(text.saveNote, who)}
            onClick={() => {
              if (!unchanged) save(base);
            }}
          >
            {text.saveNote}
          </Button>
        )}
        <p role={message?.alert ? 'alert' : 'status'} className={styles.hint}>
          {message?.text ?? ''}
        </p>
      </div>
    </div>
  );
}
