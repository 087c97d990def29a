import type { RequestStatus } from 'remote-shared/staff-content';

/** One action on every selected request, asked about once before it runs. */
export type BulkAction =
  | { readonly kind: 'status'; readonly status: RequestStatus }
  | { readonly kind: 'owner'; readonly owner: string }
  | { readonly kind: 'delete' };
