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
const keyOf = (document: string) => `created:${document.replaceAll('/', '~')}`;
const recordOf = (db: Firestore, document: string) =>
  db.collection(collection).doc(keyOf(document));

/**
 * Every delivered document's path at once (one query, ids only), so a start over thousands of
 * stored requests queues only the undelivered ones, and a new request never waits behind them.
 */
export async function deliveredDocuments(db: Firestore): Promise<(document: string) => boolean> {
  const records = await db.collection(collection).select().get();
  const keys = new Set(records.docs.map((record) => record.id));
  return (document) => keys.has(keyOf(document));
}

export async function wasDelivered(db: Firestore, document: string): Promise<boolean> {
  return (await recordOf(db, document).get()).exists;
}

export async function markDelivered(db: Firestore, document: string): Promise<void> {
  await recordOf(db, document).set({ deliveredAt: FieldValue.serverTimestamp() });
}
