import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare global {
  /** How long one request of the render worker to a remote may take, set at its start. */
  var __FIRSTDAY_FETCH_DEADLINE_MS__: number | undefined;
}

/**
 * Runtime plugin of the render worker: every request it makes to a remote (manifest, entry)
 * gives up after a deadline, so a hung remote costs one page area, never the whole response.
 */
export default function deadlinePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-fetch-deadline',
    fetch(url, init) {
      const ms = globalThis.__FIRSTDAY_FETCH_DEADLINE_MS__ ?? 1000;
      return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
    },
  };
}
