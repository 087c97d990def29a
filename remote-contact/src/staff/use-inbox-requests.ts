import { useEffect, useState } from 'react';
import {
  withArchivedHistory,
  type HistoryField,
} from '../../../platform/contact-request/contact-request.cjs';
import { collections, historyArchive } from '../../../platform/contact-request/contact-schema.cjs';
import type { staffSpamReasons } from '../../../platform/contact-request/contact-schema.cjs';
import { toInboxRequest, type InboxRequest } from './inbox-request';
import { deleteLead, saveLeadChange, type Author } from './lead-change';
import type { StaffConnection } from './staff-connection';

const requestsCollection = collections.requests;

export type InboxRequests =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | {
      readonly kind: 'loaded';
      readonly requests: readonly InboxRequest[];
      /** Every stored request is in `requests` (no older page is left to load). */
      readonly complete: boolean;
    };

/** How many requests the inbox shows first, and adds with each "Load more". */
export const pageSize = 50;

/** The newest `wanted` requests ('all': every one) and one more, newest first. */
function newestQuery({ firestoreSdk: sdk, db }: StaffConnection, wanted: number | 'all') {
  const newestFirst = sdk.orderBy('createdAt', 'desc');
  const requests = sdk.collection(db, requestsCollection);
  return wanted === 'all'
    ? sdk.query(requests, newestFirst)
    : sdk.query(requests, newestFirst, sdk.limit(wanted + 1));
}

let stopEarlyStart: (() => void) | null = null;

/**
 * Asks for the first page while the staff roster is still being checked: the SDK shares one
 * target between equal queries, so the inbox's own listener, attached a round trip later, finds
 * the page already there. Refused (not staff) it is simply dropped. Ends once the inbox listens.
 */
export function startFirstPageEarly(connection: StaffConnection): () => void {
  stopEarlyStart?.();
  const stop = connection.firestoreSdk.onSnapshot(
    newestQuery(connection, pageSize),
    () => undefined,
    () => undefined,
  );
  stopEarlyStart = stop;
  return () => {
    if (stopEarlyStart === stop) stopEarlyStart = null;
    stop();
  };
}

/**
 * The newest `wanted` requests ('all': every request), newest first, kept up to date as
 * requests arrive, change or go (onSnapshot). One listener, whose limit grows a page at a time,
 * so everything shown is live and memory holds only what is shown.
 */
export function useInboxRequests(
  connection: StaffConnection,
  wanted: number | 'all',
): InboxRequests {
  const [state, setState] = useState<InboxRequests>({ kind: 'loading' });
  useEffect(() => {
    const stop = connection.firestoreSdk.onSnapshot(
      newestQuery(connection, wanted),
      (snapshot) => {
        // One more than wanted is read, so the list knows whether an older page exists.
        const docs = wanted === 'all' ? snapshot.docs : snapshot.docs.slice(0, wanted);
        setState({
          kind: 'loaded',
          // 'estimate': a change shows its time at once, before the server confirms.
          requests: docs.map((doc) =>
            toInboxRequest(doc.id, doc.data({ serverTimestamps: 'estimate' })),
          ),
          complete: wanted === 'all' || snapshot.size <= wanted,
        });
      },
      (error) => {
        console.error('Reading the requests failed:', error);
        setState({ kind: 'failed' });
      },
    );
    // The inbox listens now: the early start has done its work.
    stopEarlyStart?.();
    return stop;
  }, [connection, wanted]);
  return state;
}

/**
 * How many requests are stored, and how many of them are suspected spam (aggregate counts: no
 * document is downloaded), counted again whenever `version` changes; null until known. Nothing
 * is counted while `version` is null or undefined: the first page is read first, and the counts
 * (which read every index entry) do not compete with it.
 */
export function useRequestTotals(
  { firestoreSdk: sdk, db }: StaffConnection,
  version: unknown,
): { readonly all: number; readonly spam: number } | null {
  const [totals, setTotals] = useState<{ all: number; spam: number } | null>(null);
  useEffect(() => {
    if (version === null || version === undefined) return;
    let active = true;
    const requests = sdk.collection(db, requestsCollection);
    Promise.all([
      sdk.getCountFromServer(requests),
      sdk.getCountFromServer(sdk.query(requests, sdk.where('spam', '==', true))),
    ]).then(
      ([all, spam]) => {
        if (active) setTotals({ all: all.data().count, spam: spam.data().count });
      },
      (error: unknown) => console.error('Counting the requests failed:', error),
    );
    return () => {
      active = false;
    };
  }, [sdk, db, version]);
  return totals;
}

/**
 * One change to a lead (its status, owner or note) with the next entry of its history: at the
 * server's time, by `author` (see saveLeadChange). A note carries the note its editor started
 * from (`expectedNote`): saved over someone else's change, it is refused with a NoteConflict.
 */
export function changeLead(
  { firestoreSdk: sdk, db }: StaffConnection,
  author: Author,
  request: InboxRequest,
  field: Exclude<HistoryField, 'spam'>,
  to: string,
  expectedNote?: string,
): Promise<void> {
  return saveLeadChange(sdk, db, request.id, { field, to, expectedNote }, author);
}

/** "Not spam": back to the inbox, at the server's time, in the history; the function then notifies it. */
export function rescueFromSpam(
  { firestoreSdk: sdk, db }: StaffConnection,
  author: Author,
  request: InboxRequest,
) {
  return saveLeadChange(sdk, db, request.id, { field: 'spam', to: 'not-spam' }, author, {
    spam: false,
    rescuedAt: sdk.serverTimestamp(),
  });
}

/**
 * "Mark as spam": a request the scoring let through, judged spam by staff for `reason` (one of
 * the schema's staffSpamReasons), at the server's time and in the history; "Not spam" undoes it.
 */
export function markAsSpam(
  { firestoreSdk: sdk, db }: StaffConnection,
  author: Author,
  request: InboxRequest,
  reason: StaffSpamReason,
) {
  return saveLeadChange(sdk, db, request.id, { field: 'spam', to: reason }, author, {
    spam: true,
    spamReasons: [reason],
    markedSpamAt: sdk.serverTimestamp(),
  });
}

/** One of the reasons staff mark a request spam for. */
export type StaffSpamReason = (typeof staffSpamReasons)[number];

/**
 * The requests with their whole history: the entries moved out of a document (its history
 * subcollection) read back, one request at a time, for the exports.
 */
export async function withWholeHistory(
  { firestoreSdk: sdk, db }: StaffConnection,
  requests: readonly InboxRequest[],
): Promise<InboxRequest[]> {
  const whole: InboxRequest[] = [];
  for (const request of requests) {
    if (request.historyArchived === 0) {
      whole.push(request);
      continue;
    }
    const archived = await sdk.getDocs(
      sdk.collection(db, requestsCollection, request.id, historyArchive),
    );
    whole.push(
      withArchivedHistory(
        request,
        archived.docs.map((entry) => entry.data()),
      ),
    );
  }
  return whole;
}

/** Deletes a request and the history moved out of it. */
export function deleteRequest(
  { firestoreSdk: sdk, db }: StaffConnection,
  id: string,
): Promise<void> {
  return deleteLead(sdk, db, id);
}

/** At most this many campaigns are listed (one small query each). */
const campaignListMax = 100;
const campaignField = 'utmCampaign';

/**
 * Every campaign stored requests carry, without downloading the requests: ordered by their
 * campaign, one request per query, each query starting after the campaign found last, so each
 * distinct campaign costs one document read (an old campaign that no loaded page holds is
 * listed too). Asked once `ready` (after the first page, which it must not delay); null until
 * known.
 */
export function useStoredCampaigns(
  { firestoreSdk: sdk, db }: StaffConnection,
  ready: boolean,
): readonly string[] | null {
  const [campaigns, setCampaigns] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!ready) return;
    let active = true;
    const requests = sdk.collection(db, requestsCollection);
    const byCampaign = sdk.orderBy(campaignField);
    void (async () => {
      const found: string[] = [];
      let last: unknown = undefined;
      for (let step = 0; step < campaignListMax; step += 1) {
        const next = await sdk.getDocs(
          last === undefined
            ? sdk.query(requests, byCampaign, sdk.limit(1))
            : sdk.query(requests, byCampaign, sdk.startAfter(last), sdk.limit(1)),
        );
        if (!active) return;
        const doc = next.docs[0];
        if (!doc) break;
        last = doc.get(campaignField) as unknown;
        // Only what the rules let the form store is listed (a stray value is stepped over).
        if (typeof last === 'string' && last !== '') found.push(last);
      }
      setCampaigns(found);
    })().catch((error: unknown) => console.error('Listing the campaigns failed:', error));
    return () => {
      active = false;
    };
  }, [sdk, db, ready]);
  return campaigns;
}

const staffCollection = collections.staffMembers;

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
  // Only a verified address joins the owner list (the rules refuse any other).
  const email = auth.currentUser?.emailVerified ? (auth.currentUser.email ?? null) : null;
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
