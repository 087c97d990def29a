import { viewTokenPath } from '../../../platform/field-data/beacon.cjs';

/** A token request that has not answered by then is given up (the page's beacons go without). */
const viewTokenDeadlineMs = 10_000;

/**
 * Asks the render server for this page view's token (its beacons carry it: the server counts
 * only beacons of views it served). Runs after start-up with the rest of the field data, off
 * the way to an interactive page; never cached (each view gets its own). Nothing here throws.
 */
export async function fetchViewToken(
  set: string,
  target: Window = window,
): Promise<string | undefined> {
  try {
    const response = await target.fetch(`${viewTokenPath}?set=${encodeURIComponent(set)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      // Browsers before AbortSignal.timeout wait on their own network timeout.
      signal:
        typeof AbortSignal.timeout === 'function'
          ? AbortSignal.timeout(viewTokenDeadlineMs)
          : undefined,
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return typeof body === 'object' &&
      body !== null &&
      'token' in body &&
      typeof body.token === 'string'
      ? body.token
      : undefined;
  } catch {
    return undefined;
  }
}
