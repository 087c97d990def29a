import { useEffect, useState } from 'react';
import { historyKey } from '../../../platform/contact-request/contact-schema.cjs';
import type { HistoryField } from '../../../platform/contact-request/contact-request.cjs';
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

/**
 * One change to a lead (its status, owner or note) with the next entry of its history: at the
 * server's time, by the signed-in staff member. The rules allow exactly this shape; a change
 * made meanwhile by someone else took that history key, so this one is refused and can be
 * tried again on the fresh data.
 */
export function changeLead(
  { firestoreSdk: sdk, db, auth }: StaffConnection,
  request: InboxRequest,
  field: HistoryField,
  to: string,
): Promise<void> {
  const entry = { at: sdk.serverTimestamp(), by: auth.currentUser?.email ?? '', field, to };
  return sdk.updateDoc(sdk.doc(db, requestsCollection, request.id), {
    [field]: to,
    [`history.${historyKey(request.historyCount)}`]: entry,
  });
}

/** "Not spam": back to the inbox, at the server's time, in the history; the function then notifies it. */
export function rescueFromSpam(
  { firestoreSdk: sdk, db, auth }: StaffConnection,
  request: InboxRequest,
) {
  const entry = {
    at: sdk.serverTimestamp(),
    by: auth.currentUser?.email ?? '',
    field: 'spam',
    to: 'not-spam',
  };
  return sdk.updateDoc(sdk.doc(db, requestsCollection, request.id), {
    spam: false,
    rescuedAt: sdk.serverTimestamp(),
    [`history.${historyKey(request.historyCount)}`]: entry,
  });
}

export function deleteRequest(
  { firestoreSdk: sdk, db }: StaffConnection,
  id: string,
): Promise<void> {
  return sdk.deleteDoc(sdk.doc(db, requestsCollection, id));
}

const staffCollection = 'staffMembers';

/**
 * The staff who can own a lead: everyone who has opened the inbox (each registers under their
 * own address, as the rules allow, and leaves it when revoked), sorted. The signed-in member
 * registers here on opening.
 */
export function useStaffRoster({
  firestoreSdk: sdk,
  db,
  auth,
}: StaffConnection): readonly string[] | null {
  // null until the first snapshot, so an owner is not called former staff while it loads.
  const [roster, setRoster] = useState<readonly string[] | null>(null);
  const email = auth.currentUser?.email ?? null;
  useEffect(() => {
    if (email) {
      sdk
        .setDoc(sdk.doc(db, staffCollection, email), { seenAt: sdk.serverTimestamp() })
        .catch((error: unknown) => console.error('Registering as staff failed:', error));
    }
    return sdk.onSnapshot(
      sdk.collection(db, staffCollection),
      (snapshot) => setRoster(snapshot.docs.map((doc) => doc.id).sort()),
      (error) => console.error('Reading the staff failed:', error),
    );
  }, [sdk, db, email]);
  return roster;
}
