import type { RemoteLocations } from '../../../scripts/build/remote-locations-plugin';

export const remoteAliases = ['remote-home', 'remote-contact', 'remote-shared'] as const;
export type RemoteAlias = (typeof remoteAliases)[number];

export class RemoteLocationsError extends Error {
  override name = 'RemoteLocationsError';
}

/** Checks remotes.json: every known remote mapped to an http(s) URL; nothing else accepted. */
export function parseRemoteLocations(json: unknown): Record<RemoteAlias, string> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RemoteLocationsError('remotes.json must be an object of remote name to URL');
  }
  const record = json as Record<string, unknown>;
  const result: Partial<Record<RemoteAlias, string>> = {};
  for (const alias of remoteAliases) {
    const url = record[alias];
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) {
      throw new RemoteLocationsError(`remotes.json: "${alias}" must be an http(s) URL`);
    }
    result[alias] = url;
  }
  return result as Record<RemoteAlias, string>;
}

async function fetchRemotesJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new RemoteLocationsError(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Reads remotes.json, deployed beside index.html, and makes it where every app looks for its
 * remotes. If the file is missing or wrong the built-in locations stay in force, and the
 * reason is logged for whoever deployed it.
 */
export async function applyRemoteLocations(url = '/remotes.json'): Promise<RemoteLocations> {
  try {
    // index.html's early script has usually asked already (warm-remotes.js).
    const early = (globalThis as { __FIRSTDAY_REMOTES_JSON__?: Promise<unknown> })
      .__FIRSTDAY_REMOTES_JSON__;
    const json = early ? await early : await fetchRemotesJson(url);
    if (json === null) throw new RemoteLocationsError(`${url} could not be read`);
    const locations = parseRemoteLocations(json);
    globalThis.__FIRSTDAY_REMOTES__ = locations;
    return locations;
  } catch (error) {
    console.error('Using the built-in remote locations:', error);
    return {};
  }
}
