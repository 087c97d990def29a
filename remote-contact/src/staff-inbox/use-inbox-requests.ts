import { useEffect, useState } from 'react';
import { toInboxRequest, type InboxRequest } from './inbox-request';
import type { StaffConnection } from './staff-connection';

const requestsCollection = 'users';

export type InboxRequests =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'loaded'; readonly requests: readonly InboxRequest[] };

/** Every request, newest first, kept up to date as requests arrive, change or go (onSnapshot). */
export function useInboxRequests({ firestoreSdk: sdk, db }: StaffConnection): InboxRequests {
  const [state, setState] = useState<InboxRequests>({ kind: 'loading' });
  useEffect(() => {
    const newestFirst = sdk.query(
      sdk.collection(db, requestsCollection),
      sdk.orderBy('createdAt', 'desc'),
    );
    return sdk.onSnapshot(
      newestFirst,
      (snapshot) =>
        setState({
          kind: 'loaded',
          // 'estimate': an answered mark shows its time at once, before the server confirms.
          requests: snapshot.docs.map((doc) =>
            toInboxRequest(doc.id, doc.data({ serverTimestamps: 'estimate' })),
          ),
        }),
      (error) => {
        console.error('Reading the requests failed:', error);
        setState({ kind: 'failed' });
      },
    );
  }, [sdk, db]);
  return state;
}

/** Marks a request answered (status and the server's time) or back to new (answeredAt goes). */
export function setAnswered(
  { firestoreSdk: sdk, db }: StaffConnection,
  id: string,
  answered: boolean,
): Promise<void> {
  const ref = sdk.doc(db, requestsCollection, id);
  return answered
    ? sdk.updateDoc(ref, { status: 'answered', answeredAt: sdk.serverTimestamp() })
    : sdk.updateDoc(ref, { status: 'new', answeredAt: sdk.deleteField() });
}

/** "Not spam": back to the inbox, at the server's time; the function then notifies it. */
export function rescueFromSpam({ firestoreSdk: sdk, db }: StaffConnection, id: string) {
  return sdk.updateDoc(sdk.doc(db, requestsCollection, id), {
    spam: false,
    rescuedAt: sdk.serverTimestamp(),
  });
}

export function deleteRequest(
  { firestoreSdk: sdk, db }: StaffConnection,
  id: string,
): Promise<void> {
  return sdk.deleteDoc(sdk.doc(db, requestsCollection, id));
}
