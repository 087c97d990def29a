/**
 * Notes typed and not saved, kept in this browser's localStorage per account and request, so a
 * sign-out (or a revocation, or a closed tab) does not lose them. Keyed by the account's uid: a
 * draft is offered back only to the account that typed it, and never saved under another.
 */
export interface NoteDraft {
  /** What was typed. */
  readonly text: string;
  /** The stored note it started from (a save over a note changed since is a conflict). */
  readonly base: string;
}

const keyOf = (uid: string, requestId: string) => `staff-note-draft:${uid}:${requestId}`;

/** The kept draft, or null; anything else stored under the key is ignored. */
export function readDraft(uid: string, requestId: string): NoteDraft | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(uid, requestId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { text, base } = stored as Record<string, unknown>;
    return typeof text === 'string' && typeof base === 'string' ? { text, base } : null;
  } catch {
    // Storage refused (private mode) or unreadable: no draft.
    return null;
  }
}

export function keepDraft(uid: string, requestId: string, draft: NoteDraft): void {
  try {
    localStorage.setItem(keyOf(uid, requestId), JSON.stringify(draft));
  } catch (error) {
    console.warn('Keeping the note draft on this device failed:', error);
  }
}

export function dropDraft(uid: string, requestId: string): void {
  try {
    localStorage.removeItem(keyOf(uid, requestId));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
