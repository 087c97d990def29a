import type { Preview } from '../../../platform/releases/preview-token.cjs';

/** Which set a visitor is served: the live one, the canary's, or a reviewer's preview. */
export type LaneRequest =
  | { readonly kind: 'live' }
  | { readonly kind: 'canary' }
  | { readonly kind: 'preview'; readonly preview: Preview };
