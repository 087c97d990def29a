import {
  isLocalOrigin,
  readPreview,
  type PreviewReading,
} from '../../../platform/releases/preview-token.cjs';
import type { ServerConfig } from '../config';

/** What a preview token is to this server: off (no key), or its reading. */
export type PreviewCheck = PreviewReading | { readonly ok: false; readonly reason: 'off' };

/**
 * Reads a preview token with this server's key, for this site: a link made for the canonical
 * origin, or (a server on this machine only) for any of this machine's own origins. A link
 * signed with the public development key is read only for this machine's own origins, whatever
 * the server's own origin: anyone can sign with that key.
 */
export function readPreviewHere(
  config: Pick<ServerConfig, 'previewKey' | 'devKey' | 'siteOrigin' | 'local'>,
  token: string,
  now = Date.now(),
): PreviewCheck {
  if (!config.previewKey) return { ok: false, reason: 'off' };
  return readPreview(
    config.previewKey,
    token,
    (origin) =>
      config.devKey
        ? config.local && isLocalOrigin(origin)
        : origin === config.siteOrigin || (config.local && isLocalOrigin(origin)),
    now,
  );
}
