import { useReducer } from 'react';
import type { StatusFilter } from 'remote-shared/content';
import { anyCampaign, type CampaignFilter } from '../request-filter';

/** What the inbox is asked to show: the search, the filters and how many pages. */
export interface InboxView {
  readonly search: string;
  readonly status: StatusFilter;
  readonly campaign: CampaignFilter;
  readonly pages: number;
}

type InboxViewAction =
  | { readonly type: 'search'; readonly search: string }
  | { readonly type: 'status'; readonly status: StatusFilter }
  | { readonly type: 'campaign'; readonly campaign: CampaignFilter }
  | { readonly type: 'more' };

const firstView: InboxView = { search: '', status: 'all', campaign: anyCampaign, pages: 1 };

function inboxViewReducer(view: InboxView, action: InboxViewAction): InboxView {
  switch (action.type) {
    case 'search':
      return { ...view, search: action.search };
    case 'status':
      return { ...view, status: action.status };
    case 'campaign':
      return { ...view, campaign: action.campaign };
    case 'more':
      return { ...view, pages: view.pages + 1 };
  }
}

/** A search or a filter looks at every request, not only the pages loaded so far. */
export const narrowed = (view: InboxView): boolean =>
  view.search.trim() !== '' || view.status !== 'all' || view.campaign !== anyCampaign;

export function useInboxView() {
  return useReducer(inboxViewReducer, firstView);
}
