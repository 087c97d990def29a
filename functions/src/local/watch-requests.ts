import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { collections } from '../../../platform/contact-request/contact-schema.cjs';
import type { Delivery } from './delivery-queue';
import { deliveredDocuments, markDelivered, wasDelivered } from './delivered-events';
import { createdEvent, updatedEvent } from './trigger-events';

/** The triggers on users/{id}, as index.ts exports them (their `run` is the handler). */
export interface RequestTriggers {
  readonly created: (event: ReturnType<typeof createdEvent>) => unknown;
  readonly updated: (event: ReturnType<typeof updatedEvent>) => unknown;
}

/**
 * Listens to every contact request in the emulator and turns what changes into the events the
 * deployed triggers receive: each request's "created" once (also one stored while the runner was
 * down: the first snapshot holds it, undelivered), and each later change as "updated" with the
 * document as it was before. Resolves once the first snapshot is in; `onError` when the listen
 * stops (the supervisor starts the runner again).
 */
export async function watchRequests(options: {
  readonly db: Firestore;
  readonly project: string;
  readonly triggers: RequestTriggers;
  readonly deliver: (delivery: Delivery) => void;
  readonly onError: (error: Error) => void;
}): Promise<() => void> {
  const { db, project, triggers, deliver } = options;
  const deliveredBefore = await deliveredDocuments(db);
  // The last version seen of each request: the "before" of its next update.
  const seen = new Map<string, QueryDocumentSnapshot>();

  const created = (snapshot: QueryDocumentSnapshot): Delivery => {
    const event = createdEvent(project, snapshot);
    return {
      name: `created ${event.document}`,
      run: async () => {
        if (await wasDelivered(db, event.document)) return;
        await triggers.created(event);
        await markDelivered(db, event.document);
      },
    };
  };
  const updated = (before: QueryDocumentSnapshot, after: QueryDocumentSnapshot): Delivery => {
    const event = updatedEvent(project, before, after);
    return { name: `updated ${event.document}`, run: async () => triggers.updated(event) };
  };

  return new Promise<() => void>((resolve, reject) => {
    let first = true;
    const stop = db.collection(collections.requests).onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          const { doc } = change;
          if (change.type === 'removed') {
            seen.delete(doc.id);
            continue;
          }
          const before = seen.get(doc.id);
          seen.set(doc.id, doc);
          if (change.type === 'added') {
            if (!deliveredBefore(doc.ref.path)) deliver(created(doc));
          } else if (before) deliver(updated(before, doc));
        }
        if (first) {
          first = false;
          resolve(stop);
        }
      },
      (error) => {
        if (first) reject(error);
        else options.onError(error);
      },
    );
  });
}
