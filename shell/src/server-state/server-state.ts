import type { PageModuleId, RemoteAlias } from '../routes/route-table';
import type { FieldTag, PreviewState } from '../../../platform/render-protocol/worker-protocol';

export type { PreviewState } from '../../../platform/render-protocol/worker-protocol';

/**
 * What a server-rendered page tells the browser, in a JSON script beside the markup: which
 * remote builds it was rendered from, so the browser hydrates with exactly those.
 */
export interface ServerState {
  /** remotes.json as the server read it: each remote's browser manifest URL. */
  readonly remotes: Readonly<Record<RemoteAlias, string>>;
  /** Those manifests as the server fetched them, by URL: they pin each remote's version. */
  readonly manifests: Readonly<Record<string, unknown>>;
  /** Pages the server could not load, drawn as "unavailable". */
  readonly unavailable: readonly PageModuleId[];
  /** Which version set the page was rendered with, for its field data (beacons name it). */
  readonly field?: FieldTag;
  /** Set when the page is a reviewer's preview of releases that are not live. */
  readonly preview?: PreviewState;
}

export const serverStateElementId = 'firstday-state';

/** The state as a JSON script's text: "<" is escaped so no string in it can end the script. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state a server-rendered page carries, or null for the client-rendered fallback page. */
export function readServerState(document: Document): ServerState | null {
  const element = document.getElementById(serverStateElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch (error) {
    console.error('Ignoring an unreadable server state:', error);
    return null;
  }
}
