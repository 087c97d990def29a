import { staffInbox, type StatusFilter } from 'remote-shared/staff-content';
import type { InboxRequest } from '../inbox-request';
import { anyCampaign } from '../request-filter';
import type { InboxView } from './inbox-view';

/**
 * The line above the list: with a search or a campaign chosen, how many requests match it; how many requests the view shows of how many it holds, and how many
 * suspected spam wait apart (All never counts them, so its count and this line agree). While
 * only the newest pages are loaded, how many of all the requests that is.
 */
export function countLine(
  all: readonly InboxRequest[] | null,
  shown: number,
  view: InboxView,
  counts: Readonly<Record<StatusFilter, number>> | null,
  totals: { readonly all: number; readonly spam: number } | null,
  matching: number,
  fastSearch: { readonly capped: boolean } | null = null,
): string {
  if (!all) return staffInbox.loading;
  const { status } = view;
  // A search or a campaign: the count is of what matches it, never a view's whole total.
  if (view.search.trim() !== '' || view.campaign !== anyCampaign) {
    // A lookup that stopped at its limit: more may match than were found.
    return fastSearch?.capped
      ? staffInbox.resultsAtLeast(shown, matching)
      : staffInbox.results(shown, matching);
  }
  if (!counts) {
    return totals
      ? staffInbox.newest(shown, totals.all - totals.spam)
      : staffInbox.count(shown, matching);
  }
  const line = staffInbox.count(shown, counts[status]);
  return status === 'spam' || counts.spam === 0
    ? line
    : `${line} ${staffInbox.spamApart(counts.spam)}`;
}
