import { FieldValue, type Firestore } from 'firebase-admin/firestore';

/**
 * Which created events the local runner has delivered, kept in the emulator beside the data (and
 * saved with it), so a restarted `npm start` does not deliver a request's "created" again: the
 * function's own guards make a second delivery safe, but a second created event for a request
 * staff have since rescued would judge it again. Clients can neither read nor write it (the
 * rules deny every path they do not name).
 */
const collection = 'localTriggerEvents';

/** A document id for an event id (which holds the document's path). */
const keyOf = (eventId: string) => eventId.replaceAll('/', '~');

export async function wasDelivered(db: Firestore, eventId: string): Promise<boolean> {
  return (await db.collection(collection).doc(keyOf(eventId)).get()).exists;
}

export async function markDelivered(db: Firestore, eventId: string): Promise<void> {
  await db
    .collection(collection)
    .doc(keyOf(eventId))
    .set({ deliveredAt: FieldValue.serverTimestamp() });
}
