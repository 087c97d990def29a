import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { retryWindowMs } from '../../platform/deadlines.cjs';
import { announceRemoteLoadFailed } from './remote-load-failed';

/** The pauses before each new attempt: three more tries within about three seconds. */
export const retryDelaysMs: readonly number[] = [250, 750, 1500];

// Attempts start only within retryWindowMs of the load's start (why: platform/deadlines.cjs).
export { retryWindowMs };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A remote whose manifest, entry or chunk fails to load (a dropped connection, a 5xx while it
 * deploys) is loaded again with backoff before the visitor sees "unavailable". The runtime keeps
 * none of these failures, so loading the same module again fetches what failed. What the
 * visitor's Retry does besides (forgetting a bad manifest) is the page area's business.
 * A load that fails for good (not each failed attempt) is announced for the field data.
 */
export default function loadRetryPlugin(): ModuleFederationRuntimePlugin {
  const startedAt = new Map<string, number>();
  const retrying = new Set<string>();
  return {
    name: 'firstday-load-retry',
    beforeRequest(args) {
      if (!retrying.has(args.id)) startedAt.set(args.id, Date.now());
      return args;
    },
    async errorLoadRemote({ id, lifecycle, from, origin }) {
      // Every failed load ends in 'onLoad'; a failed retry of this one is left to the loop below.
      if (lifecycle !== 'onLoad' || retrying.has(id)) return undefined;
      const started = startedAt.get(id) ?? Date.now();
      retrying.add(id);
      try {
        for (const delay of retryDelaysMs) {
          if (Date.now() - started + delay > retryWindowMs) break;
          await sleep(delay);
          try {
            // Loaded as the first attempt was: webpack's own remote imports want the factory.
            return await origin.loadRemote(
              id,
              from === 'build' ? { loadFactory: false, from } : { from },
            );
          } catch {
            // Try again after the next pause, or let the first failure stand.
          }
        }
        announceRemoteLoadFailed(id);
        return undefined;
      } finally {
        retrying.delete(id);
      }
    },
  };
}
