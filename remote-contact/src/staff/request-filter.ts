import type { StatusFilter } from 'remote-shared/staff-content';
import type { InboxRequest } from './inbox-request';
import { contactFieldNames } from '../../../platform/contact-request/contact-schema.cjs';

/** Lower case without accents, so "zoe" finds "Zoë" and "ACME" finds "Acme". */
const folded = (value: string): string =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Any campaign (the filter's default), or requests stored without one. */
export const anyCampaign = null;
export const noCampaign = '';
/** A campaign filter: null for any, '' for none, else the campaign's utm_campaign value. */
export type CampaignFilter = string | null;

/** The campaigns the requests came from, for the filter: distinct, sorted, none left out. */
export function campaignsOf(requests: readonly InboxRequest[]): string[] {
  const campaigns = new Set(requests.map((request) => request.context.utmCampaign));
  campaigns.delete(noCampaign);
  return [...campaigns].sort((a, b) => a.localeCompare(b));
}

/**
 * The requests that match a search (every word somewhere in what the visitor sent, the note,
 * the owner or where it came from), a status filter and a campaign filter, in the order given.
 */
export function filterRequests(
  requests: readonly InboxRequest[],
  search: string,
  status: StatusFilter,
  campaign: CampaignFilter = anyCampaign,
): InboxRequest[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  return requests.filter((request) => {
    // Suspected spam shows in its own view only, whatever its status.
    if ((status === 'spam') !== request.spam) return false;
    if (status !== 'all' && status !== 'spam' && request.status !== status) return false;
    if (campaign !== anyCampaign && request.context.utmCampaign !== campaign) return false;
    if (words.length === 0) return true;
    const haystack = folded(
      [
        ...contactFieldNames.map((field) => request[field]),
        request.note,
        request.owner,
        ...Object.values(request.context),
      ].join('\n'),
    );
    return words.every((word) => haystack.includes(word));
  });
}

/** Every view, in the order the inbox offers them: the pipeline between all and spam. */
export const views: readonly StatusFilter[] = [
  'all',
  'new',
  'replied',
  'in-talks',
  'won',
  'lost',
  'spam',
];

/** How many requests each view holds (search and campaign aside). */
export function countsByView(requests: readonly InboxRequest[]): Record<StatusFilter, number> {
  return Object.fromEntries(
    views.map((view) => [view, filterRequests(requests, '', view).length]),
  ) as Record<StatusFilter, number>;
}
