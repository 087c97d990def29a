import type { RemoteLocations } from '../../../federation/runtime-plugins/remote-locations-plugin';
import type { ServerState } from '../server-state/server-state';
import {
  parseRemoteLocations,
  RemoteLocationsError,
} from '../../../platform/remotes/remotes-json.cjs';
export { parseRemoteLocations };
import { fetchWithinDeadline } from '../../../federation/runtime-plugins/load-deadline';

async function fetchRemotesJson(url: string): Promise<unknown> {
  const response = await fetchWithinDeadline(url, { cache: 'no-cache' });
  if (!response.ok) throw new RemoteLocationsError(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Reads remotes.json, deployed beside index.html, and makes it where every app looks for its
 * remotes. If the file is missing, wrong or does not arrive within the load deadline, the
 * built-in locations stay in force, and the reason is logged for whoever deployed it.
 */
export async function applyRemoteLocations(url = '/remotes.json'): Promise<RemoteLocations> {
  try {
    const json = await fetchRemotesJson(url);
    const locations = parseRemoteLocations(json);
    globalThis.__FIRSTDAY_REMOTES__ = locations;
    return locations;
  } catch (error) {
    console.error('Using the built-in remote locations:', error);
    return {};
  }
}

/**
 * A server-rendered page: the remotes are where the server found them, and their manifests are
 * the ones it rendered from, handed to the federation runtime instead of being fetched again
 * (a remote deployed since then must not be mixed into this page).
 */
export function adoptServerRemotes(state: ServerState): void {
  globalThis.__FIRSTDAY_REMOTES__ = parseRemoteLocations(state.remotes);
  const manifests = (globalThis.__FIRSTDAY_MANIFESTS__ ??= {});
  for (const [url, manifest] of Object.entries(state.manifests)) {
    manifests[url] = Promise.resolve(
      new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } }),
    );
  }
}
