import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteDeadlineMs } from '../../platform/deadlines.cjs';

/**
 * Runtime plugin of the render worker: every request it makes to a remote (manifest, entry)
 * gives up after a deadline, so a hung remote costs one page area, never the whole response.
 */
export default function deadlinePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-fetch-deadline',
    fetch(url, init) {
      const ms = globalThis.__FIRSTDAY_FETCH_DEADLINE_MS__ ?? remoteDeadlineMs;
      return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
    },
  };
}
