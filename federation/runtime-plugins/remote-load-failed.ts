/**
 * Told on window when the page could not get a remote's module, after every retry: the page's
 * field data counts it (shell/src/field-data). An event, so the runtime plugins know nothing
 * of who listens.
 */
export const remoteLoadFailedEvent = 'firstday:remote-load-failed';

export interface RemoteLoadFailure {
  /** The remote's alias ("remote-home"), the part of the module id before its first "/". */
  readonly remote: string;
}

/** Announces that the module `id` ("remote-home/home-page") could not be loaded. */
export function announceRemoteLoadFailed(id: string): void {
  if (typeof window === 'undefined') return;
  const detail: RemoteLoadFailure = { remote: id.split('/')[0] ?? id };
  window.dispatchEvent(new CustomEvent(remoteLoadFailedEvent, { detail }));
}
