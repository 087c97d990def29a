import { staffInbox, type StatusFilter } from 'remote-shared/content';
import type { InboxRequest } from '../inbox-request';

/**
 * The line above the list: how many requests the view shows of how many it holds, and how many
 * suspected spam wait apart (All never counts them, so its count and this line agree). While
 * only the newest pages are loaded, how many of all the requests that is.
 */
export function countLine(
  all: readonly InboxRequest[] | null,
  shown: number,
  status: StatusFilter,
  counts: Readonly<Record<StatusFilter, number>> | null,
  totals: { readonly all: number; readonly spam: number } | null,
  matching: number,
): string {
  if (!all) return staffInbox.loading;
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
