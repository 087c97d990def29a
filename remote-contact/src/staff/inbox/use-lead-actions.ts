import { useCallback, useState, type RefObject } from 'react';
import { staffInbox, type RequestStatus } from 'remote-shared/staff-content';
import type { InboxRequest } from '../inbox-request';
import { NoteConflict, type Author } from '../lead-change';
import type { NoteOutcome } from '../lead/lead-note';
import type { StaffConnection } from '../staff-connection';
import {
  changeLead,
  markAsSpam,
  rescueFromSpam,
  type StaffSpamReason,
} from '../use-inbox-requests';
import { neighbourOf } from './focus-targets';

/**
 * A change that hid its request under the current view, and how to take it back: its status
 * set back, or (marked as spam) "Not spam".
 */
export interface Undoable {
  readonly request: InboxRequest;
  readonly message: string;
  readonly undo: 'status' | 'spam';
}

/** Which requests are saving, and the last error of each. */
function useSaving() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const mark = useCallback((id: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setError = useCallback((id: string, error: string | null) => {
    setErrors((current) => {
      const next = { ...current };
      if (error === null) delete next[id];
      else next[id] = error;
      return next;
    });
  }, []);
  return { busy, errors, mark, setError };
}

export interface LeadActionsOptions {
  readonly connection: StaffConnection;
  /** Who the changes are by, as history names them. */
  readonly author: Author;
  /** Whether a request changed to `request` would still be shown in the current view. */
  readonly stillShown: (request: InboxRequest) => boolean;
  /** The requests as loaded now (an undo starts from the current one). */
  readonly all: readonly InboxRequest[] | null;
  readonly shown: readonly InboxRequest[];
  /** The request whose main control takes focus once shown again. */
  readonly focusRequest: (id: string | null) => void;
  readonly listHeading: RefObject<HTMLHeadingElement | null>;
  readonly say: (notice: string) => void;
}

/** Status, owner and note changes, the undo of a change that hid its request, and "Not spam". */
export function useLeadActions(options: LeadActionsOptions) {
  const { connection, author, stillShown, all, shown, focusRequest, listHeading, say } = options;
  const { busy, errors, mark, setError } = useSaving();
  const [undoable, setUndoable] = useState<Undoable | null>(null);

  /** Saves one change of a lead; true when it was saved. */
  const save = useCallback(
    (request: InboxRequest, change: Promise<void>): Promise<boolean> => {
      mark(request.id, true);
      setError(request.id, null);
      return change
        .then(() => true)
        .catch((error: unknown) => {
          console.error('Saving the change failed:', error);
          setError(request.id, staffInbox.updateFailed);
          return false;
        })
        .finally(() => mark(request.id, false));
    },
    [mark, setError],
  );

  const changeStatus = useCallback(
    (request: InboxRequest, to: RequestStatus, undoing = false) => {
      // Not compared with `request.status` otherwise: right after a save, the listener may not
      // have brought the stored status yet, and a change back to the status shown before it
      // would look like no change and be dropped (the select shows what was chosen).
      if (undoing && to === request.status) return;
      // The filter would hide it: say so where the control was, and offer to take it back.
      if (!undoing && !stillShown({ ...request, status: to })) {
        setUndoable({
          request,
          message: staffInbox.hidden(request.name || request.email, staffInbox.status[to]),
          undo: 'status',
        });
      }
      void save(request, changeLead(connection, author, request, 'status', to));
    },
    [connection, author, save, stillShown],
  );

  const changeOwner = useCallback(
    (request: InboxRequest, owner: string) =>
      void save(request, changeLead(connection, author, request, 'owner', owner)),
    [connection, author, save],
  );

  const changeNote = useCallback(
    (request: InboxRequest, note: string, startedFrom: string): Promise<NoteOutcome> => {
      mark(request.id, true);
      return changeLead(connection, author, request, 'note', note, startedFrom)
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
    [connection, author, mark],
  );

  const markSpam = useCallback(
    (request: InboxRequest, reason: StaffSpamReason) => {
      // It leaves every view but Spam: said where the control was, with its undo.
      setUndoable({
        request,
        message: staffInbox.spam.marked(
          request.name || request.email,
          staffInbox.spam.markReasons[reason] ?? reason,
        ),
        undo: 'spam',
      });
      void save(request, markAsSpam(connection, author, request, reason)).then((saved) => {
        if (!saved) setUndoable(null);
      });
    },
    [connection, author, save],
  );

  const undo = useCallback(() => {
    if (!undoable) return;
    const { request } = undoable;
    setUndoable(null);
    focusRequest(request.id);
    // Back to what it was, from the request as it is now (its history has one entry more).
    const current = all?.find((candidate) => candidate.id === request.id);
    if (!current) return;
    if (undoable.undo === 'spam') void save(current, rescueFromSpam(connection, author, current));
    else changeStatus(current, request.status, true);
  }, [undoable, all, changeStatus, focusRequest, save, connection, author]);

  const rescue = useCallback(
    (request: InboxRequest) => {
      // It leaves the Spam view: focus goes on to its neighbour rather than the page.
      const neighbour = neighbourOf(shown, request.id);
      focusRequest(neighbour);
      mark(request.id, true);
      rescueFromSpam(connection, author, request)
        .then(() => {
          say(staffInbox.spam.rescued(request.name || request.email));
          // The last one: no neighbour takes focus, the list's heading does.
          if (!neighbour) listHeading.current?.focus();
        })
        .catch((error: unknown) => {
          console.error('Moving the request out of spam failed:', error);
          setError(request.id, staffInbox.spam.rescueFailed);
        })
        .finally(() => mark(request.id, false));
    },
    [connection, author, mark, setError, shown, focusRequest, listHeading, say],
  );

  return {
    busy,
    errors,
    undoable,
    changeStatus,
    changeOwner,
    changeNote,
    markSpam,
    undo,
    rescue,
  };
}
