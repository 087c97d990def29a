import type * as FirestoreSdk from 'firebase/firestore';
import {
  collections,
  historyArchive,
  historyKey,
  leadLimits,
} from '../../../platform/contact-request/contact-schema.cjs';
import type { HistoryField } from '../../../platform/contact-request/contact-request.cjs';

const requestsCollection = collections.requests;

/**
 * Who makes a change: the account id, and the name history shows for it: the account's address
 * when verified, else the name the staff roster has for the account (the rules check both).
 */
export interface Author {
  readonly uid: string;
  readonly name: string;
}

/**
 * A refusal that may only mean the lead changed between this save's read and its commit (the
 * rules refuse a history key a colleague has just taken; a contended transaction is aborted):
 * worth one more look at the lead as stored now.
 */
const mayBeStale = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'permission-denied' || code === 'aborted' || code === 'failed-precondition';
};

/** A note saved over someone else's: what the lead's note is now, and who wrote it. */
export class NoteConflict extends Error {
  constructor(
    readonly current: string,
    readonly by: string,
  ) {
    super('The note was changed by someone else meanwhile');
    this.name = 'NoteConflict';
  }
}

/** The stored history map, or an empty one (a document from before it, or written past the rules). */
function historyMap(data: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const history = data.history;
  return typeof history === 'object' && history !== null && !Array.isArray(history)
    ? (history as Record<string, unknown>)
    : {};
}

/** How many changes the lead has had (historyCount; before it was kept, the map's size). */
function historyCountOf(data: Readonly<Record<string, unknown>>): number {
  const count = data.historyCount;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0
    ? count
    : Object.keys(historyMap(data)).length;
}

/** Who wrote the lead's note last, from its history ('' when unknown). */
function noteAuthor(data: Readonly<Record<string, unknown>>): string {
  const history = historyMap(data);
  const keys = Object.keys(history).sort();
  for (const key of keys.reverse()) {
    const entry = history[key] as { field?: unknown; by?: unknown } | undefined;
    if (entry?.field === 'note') return typeof entry.by === 'string' ? entry.by : '';
  }
  return '';
}

/**
 * One change to a lead (its status, owner or note; "not spam" with `extra`), with the next entry
 * of its history, written as the rules allow it: read and written in one transaction, so the
 * next history key and count are those of the lead as stored, and, when the history map is
 * full, its oldest entry moves unchanged to the request's history subcollection in the same
 * commit. With `expectedNote`, a note saved over a note someone else changed since the editor
 * started is refused with a NoteConflict instead of replacing it. A refused commit is tried once
 * more on fresh data.
 */
export function saveLeadChange(
  sdk: typeof FirestoreSdk,
  db: FirestoreSdk.Firestore,
  id: string,
  change: { readonly field: HistoryField; readonly to: string; readonly expectedNote?: string },
  author: Author,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  const ref = sdk.doc(db, requestsCollection, id);
  const attempt = () =>
    sdk.runTransaction(db, async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists()) throw new Error(`The request ${id} no longer exists`);
      const data = snapshot.data();
      if (change.expectedNote !== undefined) {
        const current = typeof data.note === 'string' ? data.note : '';
        if (current !== change.expectedNote) throw new NoteConflict(current, noteAuthor(data));
      }
      const history = historyMap(data);
      const count = historyCountOf(data);
      const held = Object.keys(history).length;
      const update: Record<string, unknown> = {
        ...extra,
        historyCount: count + 1,
        [`history.${historyKey(count)}`]: {
          at: sdk.serverTimestamp(),
          by: author.name,
          uid: author.uid,
          field: change.field,
          to: change.to,
        },
      };
      if (change.field !== 'spam') update[change.field] = change.to;
      if (held >= leadLimits.history) {
        const oldest = historyKey(count - held);
        transaction.set(sdk.doc(ref, historyArchive, oldest), history[oldest] as object);
        update[`history.${oldest}`] = sdk.deleteField();
      }
      transaction.update(ref, update);
    });
  // Refused: looked at again once, on the lead as stored now, before it is called a failure. A
  // note a colleague saved meanwhile is then a NoteConflict; a real refusal is refused again.
  return attempt().catch((error: unknown) => {
    if (mayBeStale(error)) return attempt();
    throw error;
  });
}

/**
 * Deletes a request with the history entries moved out of it (a request to be forgotten takes
 * its history along): the request and the first entries in one batch, the rest after it (the
 * rules let an entry go only once its request is gone).
 */
export async function deleteLead(
  sdk: typeof FirestoreSdk,
  db: FirestoreSdk.Firestore,
  id: string,
): Promise<void> {
  const ref = sdk.doc(db, requestsCollection, id);
  const archived = (await sdk.getDocs(sdk.collection(ref, historyArchive))).docs;
  // A batch holds at most 500 writes.
  const perBatch = 450;
  for (let start = 0; start === 0 || start < archived.length; start += perBatch) {
    const batch = sdk.writeBatch(db);
    if (start === 0) batch.delete(ref);
    for (const entry of archived.slice(start, start + perBatch)) batch.delete(entry.ref);
    await batch.commit();
  }
}
