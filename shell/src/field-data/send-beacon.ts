import { beaconPath } from '../../../platform/field-data/beacon.cjs';

/**
 * Posts a beacon's body to the page's own origin as text/plain (a simple request: no preflight,
 * and connect-src 'self' allows it). sendBeacon survives the page being left; where it is
 * missing or refuses, a keepalive fetch does the same. Nothing here may throw into the page.
 */
export function sendBeacon(body: string, target: Window = window): void {
  try {
    if (target.navigator.sendBeacon?.(beaconPath, body)) return;
  } catch {
    // Fall through to fetch.
  }
  try {
    target.fetch(beaconPath, { method: 'POST', body, keepalive: true }).catch(() => {});
  } catch {
    // Neither way can send it: a lost beacon is only a lost sample.
  }
}
