import type { StatusFilter } from 'remote-shared/content';
import type { InboxRequest } from './inbox-request';

/** Lower case without accents, so "zoe" finds "Zoë" and "ACME" finds "Acme". */
const folded = (value: string): string =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The requests that match a search (every word somewhere in name, company, email or message)
 * and a status filter, in the order given.
 */
export function filterRequests(
  requests: readonly InboxRequest[],
  search: string,
  status: StatusFilter,
): InboxRequest[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  return requests.filter((request) => {
    if (status !== 'all' && request.status !== status) return false;
    if (words.length === 0) return true;
    const haystack = folded(
      [request.name, request.company, request.email, request.message].join('\n'),
    );
    return words.every((word) => haystack.includes(word));
  });
}
