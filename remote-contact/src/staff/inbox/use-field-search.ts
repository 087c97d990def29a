import { useEffect, useState } from 'react';
import { collections } from '../../../../platform/contact-request/contact-schema.cjs';
import { toInboxRequest, type InboxRequest } from '../inbox-request';
import type { StaffConnection } from '../staff-connection';
import { fieldLookups } from './search-terms';

/** What the field lookups of a search found so far. */
export interface FieldSearch {
  /** The requests found (each lookup's, live), or null until every lookup has answered once. */
  readonly found: readonly InboxRequest[] | null;
  /** A lookup stopped at its limit: more requests may match than were found. */
  readonly capped: boolean;
}

/** At most this many requests per lookup (a one-letter search would otherwise read thousands). */
const lookupLimit = 50;

/** Typing is given this long to pause before the lookups are asked (not one per keystroke). */
const settleMs = 120;

const nothing: FieldSearch = { found: [], capped: false };

/**
 * Looks a search up in every stored request without downloading them: one range query per
 * field and spelling (see fieldLookups), each live and bounded, so a request of any age whose
 * name, email, company or phone starts with a searched word is found in a round trip.
 */
export function useFieldSearch(connection: StaffConnection, search: string): FieldSearch {
  const [result, setResult] = useState<FieldSearch & { readonly search: string }>({
    search: '',
    ...nothing,
  });
  useEffect(() => {
    if (search.trim() === '') return;
    const { firestoreSdk: sdk, db } = connection;
    const lookups = fieldLookups(search);
    const answers: (readonly InboxRequest[] | null)[] = lookups.map(() => null);
    const full: boolean[] = lookups.map(() => false);
    const publish = () => {
      if (answers.some((answer) => answer === null)) return;
      const byId = new Map<string, InboxRequest>();
      for (const answer of answers)
        for (const request of answer ?? []) byId.set(request.id, request);
      setResult({ search, found: [...byId.values()], capped: full.some(Boolean) });
    };
    let stops: (() => void)[] = [];
    const timer = setTimeout(() => {
      const requests = sdk.collection(db, collections.requests);
      stops = lookups.map(({ field, prefix }, index) =>
        sdk.onSnapshot(
          sdk.query(
            requests,
            sdk.where(field, '>=', prefix),
            // The highest character a stored value can hold after the prefix: a prefix range.
            sdk.where(field, '<=', `${prefix}\uf8ff`),
            sdk.limit(lookupLimit),
          ),
          (snapshot) => {
            answers[index] = snapshot.docs.map((doc) =>
              toInboxRequest(doc.id, doc.data({ serverTimestamps: 'estimate' })),
            );
            full[index] = snapshot.size >= lookupLimit;
            publish();
          },
          (error) => {
            // One refused or failed lookup leaves the others' answers (and the loaded pages).
            console.error('Looking up the search failed:', error);
            answers[index] = [];
            publish();
          },
        ),
      );
      if (lookups.length === 0) publish();
    }, settleMs);
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [connection, search]);
  if (search.trim() === '') return nothing;
  // Until this search's lookups have answered, nothing is claimed found (the last search's
  // answers are not this one's).
  return result.search === search ? result : { found: null, capped: false };
}
