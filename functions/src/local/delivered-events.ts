import { FieldValue, type Firestore } from 'firebase-admin/firestore';

/**
 * Which created events the local runner has delivered, kept in the emulator beside the data (and
 * saved with it), so a restarted `npm start` does not deliver a request's "created" again: the
 * function's own guards make a second delivery safe, but a second created event for a request
 * staff have since rescued would judge it again. Clients can neither read nor write it (the
 * rules deny every path they do not name).
 */
const collection = 'localTriggerEvents';

/**
 * The record of a document's created event, by the document's path alone: an emulator loading
 * saved data gives every document a new createTime, so the time cannot tell events apart.
 */
const recordOf = (db: Firestore, document: string) =>
  db.collection(collection).doc(`created:${document.replaceAll('/', '~')}`);

export async function wasDelivered(db: Firestore, document: string): Promise<boolean> {
  return (await recordOf(db, document).get()).exists;
}

export async function markDelivered(db: Firestore, document: string): Promise<void> {
  await recordOf(db, document).set({ deliveredAt: FieldValue.serverTimestamp() });
}
