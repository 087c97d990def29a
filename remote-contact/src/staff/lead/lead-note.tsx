import { useEffect, useRef, useState } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import { Button } from 'remote-shared/ui';
import { leadLimits } from '../../../../platform/contact-request/contact-schema.cjs';
import fields from '../../shared-styles/fields.module.css';
import type { InboxRequest } from '../inbox-request';
import styles from './lead.module.css';
import { measureNote } from './note-length';
import { dropDraft, keepDraft, readDraft } from './note-drafts';

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
  /** The signed-in account's uid: its unsaved drafts are kept on this device under it. */
  readonly account: string;
  /** Saves `note` over `startedFrom` (the note this editor started from). */
  readonly onNote: (
    request: InboxRequest,
    note: string,
    startedFrom: string,
  ) => Promise<NoteOutcome>;
}

type Message = { readonly text: string; readonly alert: boolean } | null;

/**
 * The internal note: edited here, saved with its button (which keeps focus and says so). What
 * was typed is never dropped: nothing cuts it (its length is shown, and past the limit it says
 * by how much and is not saved); a save that fails keeps it in the box and says why; a note
 * someone else saved meanwhile is shown beside it, focus on the first choice; a draft not saved
 * is kept on this device and offered back. Characters no note may hold (the schema's cleanText)
 * are removed before saving, and the member is told how many.
 */
export function LeadNote({ request, who, busy, account, onNote }: LeadNoteProps) {
  const text = staffInbox.lead;
  const [draft, setDraft] = useState(request.note);
  // The stored note this draft started from; it follows the stored one while nothing is typed.
  const [base, setBase] = useState(request.note);
  const [message, setMessage] = useState<Message>(null);
  const [conflict, setConflict] = useState<{ current: string; by: string } | null>(null);
  const [kept, setKept] = useState(() => {
    const found = readDraft(account, request.id);
    return found && found.text !== request.note ? found : null;
  });
  const keepMine = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The Save button is gone: focus goes to the conflict's first choice, not the page.
    if (conflict) keepMine.current?.focus();
  }, [conflict]);
  if (draft === base && base !== request.note) {
    setBase(request.note);
    setDraft(request.note);
  }
  const noteId = `request-${request.id}-note`;
  const cleaned = measureNote(draft);
  const { over } = cleaned;
  const unchanged = cleaned.text === request.note && !conflict;

  const edit = (value: string, from: string) => {
    setDraft(value);
    if (value === from) dropDraft(account, request.id);
    else keepDraft(account, request.id, { text: value, base: from });
  };

  const save = (startedFrom: string) => {
    if (busy) return;
    if (over > 0) {
      setMessage({ text: text.noteTooLong(leadLimits.note, over), alert: true });
      return;
    }
    setMessage(null);
    void onNote(request, cleaned.text, startedFrom).then((outcome) => {
      if (outcome.kind === 'saved') {
        dropDraft(account, request.id);
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
      {kept && (
        <div className={styles.conflict}>
          <p className={styles.hint}>{text.draftKept}</p>
          <p className={styles.theirNote}>{kept.text}</p>
          <div className={styles.noteActions}>
            <Button
              variant="secondary"
              aria-label={staffInbox.actionLabel(text.restoreDraft, who)}
              onClick={() => {
                setDraft(kept.text);
                setBase(kept.base);
                setKept(null);
              }}
            >
              {text.restoreDraft}
            </Button>
            <Button
              variant="secondary"
              aria-label={staffInbox.actionLabel(text.discardDraft, who)}
              onClick={() => {
                dropDraft(account, request.id);
                setKept(null);
              }}
            >
              {text.discardDraft}
            </Button>
          </div>
        </div>
      )}
      <textarea
        id={noteId}
        className={[fields.input, styles.noteInput].join(' ')}
        aria-label={staffInbox.actionLabel(text.note, who)}
        aria-describedby={`${noteId}-hint ${noteId}-length`}
        aria-invalid={over > 0 || undefined}
        rows={3}
        value={draft}
        onChange={(event) => {
          edit(event.target.value, base);
          setMessage(null);
        }}
      />
      <p id={`${noteId}-hint`} className={styles.hint}>
        {text.noteHint}
      </p>
      {/* No maxLength: a browser would cut a long paste without a word. */}
      <p id={`${noteId}-length`} className={over > 0 ? styles.over : styles.hint}>
        {over > 0 ? text.noteOver(over) : text.noteLength(cleaned.length, leadLimits.note)}
      </p>
      {conflict && (
        <div className={styles.conflict}>
          <p className={styles.hint}>{text.theirNote(conflict.by)}</p>
          <p className={styles.theirNote}>{conflict.current || text.emptyNote}</p>
          <div className={styles.noteActions}>
            <Button
              ref={keepMine}
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
                dropDraft(account, request.id);
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
