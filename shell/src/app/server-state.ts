import type { PageModuleId, RemoteAlias } from '../routes/route-table';

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

/** How the render server served the page's version set. */
export type Lane = 'live' | 'canary' | 'preview';

export interface FieldTag {
  /** The version set's short id (12 hex digits). */
  readonly set: string;
  readonly lane: Lane;
}

export interface PreviewState {
  /** Each remote's release in the previewed set ("1.4.0+3bee290"). */
  readonly releases: Readonly<Partial<Record<RemoteAlias, string>>>;
  /** When the link stops working (ISO time). */
  readonly expiresAt: string;
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
