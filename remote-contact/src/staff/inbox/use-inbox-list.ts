import { useMemo, useState } from 'react';
import type { InboxRequest } from '../inbox-request';
import { linkedRequestId } from '../request-link';
import { campaignsOf, countsByView, filterRequests } from '../request-filter';
import type { StaffConnection } from '../staff-connection';
import {
  pageSize,
  useInboxRequests,
  useRequestTotals,
  useStoredCampaigns,
} from '../use-inbox-requests';
import { narrowed, searching, type InboxView } from './inbox-view';
import { useFieldSearch } from './use-field-search';

/**
 * The requests the view asks for: loaded (live), matched against the search and filters, and
 * bounded to the pages asked for; with the counts each view holds and the campaigns offered.
 */
export function useInboxList(connection: StaffConnection, view: InboxView) {
  const [linkedId] = useState(() => linkedRequestId(window.location.search));
  const everything = narrowed(view) || linkedId !== null;
  const state = useInboxRequests(connection, everything ? 'all' : view.pages * pageSize);
  const all = state.kind === 'loaded' ? state.requests : null;
  const complete = state.kind === 'loaded' && state.complete;
  const { search, status, campaign, pages } = view;
  // A search without the full pass, while older requests are not loaded: the stored fields of
  // every request are looked up, and what they find joins the loaded pages (searched in full).
  const fast = searching(view) && !everything && !complete;
  const lookup = useFieldSearch(connection, fast ? search : '');
  const known = useMemo(() => withFound(all, fast ? lookup.found : null), [all, fast, lookup]);
  const matching = useMemo(
    () => (known ? filterRequests(known, search, status, campaign) : []),
    [known, search, status, campaign],
  );
  // What the list renders is bounded by the pages asked for, whatever was loaded: a search over
  // thousands of requests (or the moment between clearing it and the listener narrowing again)
  // renders the newest matches a page at a time, never thousands of cards at once.
  // A linked request is shown however old it is.
  const linkedIndex = linkedId ? matching.findIndex((request) => request.id === linkedId) : -1;
  const limit = Math.max(pages * pageSize, linkedIndex + 1);
  const shown = useMemo(() => matching.slice(0, limit), [matching, limit]);
  // Every stored campaign (a query per campaign), with any that arrived since.
  const stored = useStoredCampaigns(connection, all !== null);
  const campaigns = useMemo(
    () =>
      [...new Set([...(stored ?? []), ...(all ? campaignsOf(all) : [])])].sort((a, b) =>
        a.localeCompare(b),
      ),
    [stored, all],
  );
  // Each view's count is exact only over every request; while pages are loading, none is shown.
  const counts = useMemo(() => (all && complete ? countsByView(all) : null), [all, complete]);
  const totals = useRequestTotals(connection, complete ? null : all?.[0]?.id);
  return {
    failed: state.kind === 'failed',
    all,
    /** The loaded requests and those the search's lookups found, newest first. */
    known,
    /** A search answered without downloading every request: what its lookups did. */
    fastSearch: fast
      ? { loaded: all?.length ?? 0, pending: lookup.found === null, capped: lookup.capped }
      : null,
    complete,
    everything,
    linkedId,
    matching,
    shown,
    moreMatches: (everything || fast) && matching.length > shown.length,
    campaigns,
    counts,
    totals,
  };
}

/** Whether `request` would still be shown under the view's search and filters. */
export const matchesView = (view: InboxView, request: InboxRequest): boolean =>
  filterRequests([request], view.search, view.status, view.campaign).length > 0;

// Not yet timed by the server: just sent, so newest.
const timeOf = (request: InboxRequest): number =>
  request.createdAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
const newestFirst = (a: InboxRequest, b: InboxRequest): number => timeOf(b) - timeOf(a);

/** The loaded requests with those found elsewhere (once each), newest first. */
function withFound(
  loaded: readonly InboxRequest[] | null,
  found: readonly InboxRequest[] | null,
): readonly InboxRequest[] | null {
  if (!loaded || !found || found.length === 0) return loaded;
  const ids = new Set(loaded.map((request) => request.id));
  const older = found.filter((request) => !ids.has(request.id));
  return older.length === 0 ? loaded : [...loaded, ...older].sort(newestFirst);
}
