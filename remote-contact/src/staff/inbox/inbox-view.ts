import { useReducer } from 'react';
import type { StatusFilter } from 'remote-shared/staff-content';
import { anyCampaign, type CampaignFilter } from '../request-filter';

/** What the inbox is asked to show: the search, the filters and how many pages. */
export interface InboxView {
  readonly search: string;
  /** The search looks at every field of every request (all of them downloaded), asked for. */
  readonly searchEverything: boolean;
  readonly status: StatusFilter;
  readonly campaign: CampaignFilter;
  readonly pages: number;
}

type InboxViewAction =
  | { readonly type: 'search'; readonly search: string }
  | { readonly type: 'search everything' }
  | { readonly type: 'status'; readonly status: StatusFilter }
  | { readonly type: 'campaign'; readonly campaign: CampaignFilter }
  | { readonly type: 'more' };

const firstView: InboxView = {
  search: '',
  searchEverything: false,
  status: 'all',
  campaign: anyCampaign,
  pages: 1,
};

function inboxViewReducer(view: InboxView, action: InboxViewAction): InboxView {
  switch (action.type) {
    case 'search':
      // The full pass lasts while a search is on; cleared, the next search starts fast again.
      return {
        ...view,
        search: action.search,
        searchEverything: view.searchEverything && action.search.trim() !== '',
      };
    case 'search everything':
      return { ...view, searchEverything: true };
    case 'status':
      return { ...view, status: action.status };
    case 'campaign':
      return { ...view, campaign: action.campaign };
    case 'more':
      return { ...view, pages: view.pages + 1 };
  }
}

/** A search is on (what is typed, not only spaces). */
export const searching = (view: InboxView): boolean => view.search.trim() !== '';

/**
 * A filter, or a search asked to look at every field, downloads every request. A search alone
 * does not: the stored fields are looked up, and the loaded pages searched in full.
 */
export const narrowed = (view: InboxView): boolean =>
  (searching(view) && view.searchEverything) ||
  view.status !== 'all' ||
  view.campaign !== anyCampaign;

export function useInboxView() {
  return useReducer(inboxViewReducer, firstView);
}
