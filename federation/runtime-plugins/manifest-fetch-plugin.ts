import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchWithinDeadline } from './load-deadline';
import { nextTask } from './next-task';

/**
 * How the shell's federation runtime fetches a remote's manifest. A manifest the server
 * rendered the page from is handed over once, so the browser runs exactly the versions in the
 * HTML; any other, and a retry after a failure, is asked of the remote and given up after the
 * load deadline, so a hung manifest is a failed load instead of "Loading…" forever.
 * This is the shell's only fetch hook on purpose: the runtime calls every plugin's fetch hook
 * and keeps the last answer, so a second one would fetch each manifest again.
 */
export default function manifestFetchPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-manifest-fetch',
    fetch(url, init) {
      const early = globalThis.__FIRSTDAY_MANIFESTS__?.[url];
      if (!early) return fetchWithinDeadline(url, init);
      delete globalThis.__FIRSTDAY_MANIFESTS__![url];
      const answer = early.then(
        (response) => (response.ok ? response : fetchWithinDeadline(url, init)),
        () => fetchWithinDeadline(url, init),
      );
      // A task later, as a fetch's answer would come: an answer already in hand would run the
      // remote's whole set-up in the task that asked (with the shared modules', one long task).
      return answer.then((response) => nextTask().then(() => response));
    },
  };
}
