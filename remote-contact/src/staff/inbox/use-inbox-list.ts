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
import { narrowed, type InboxView } from './inbox-view';

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
  const matching = useMemo(
    () => (all ? filterRequests(all, search, status, campaign) : []),
    [all, search, status, campaign],
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
    complete,
    everything,
    linkedId,
    matching,
    shown,
    moreMatches: everything && matching.length > shown.length,
    campaigns,
    counts,
    totals,
  };
}

/** Whether `request` would still be shown under the view's search and filters. */
export const matchesView = (view: InboxView, request: InboxRequest): boolean =>
  filterRequests([request], view.search, view.status, view.campaign).length > 0;
