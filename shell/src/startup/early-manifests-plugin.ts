import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare global {
  var __FIRSTDAY_MANIFESTS__: Record<string, Promise<Response>> | undefined;
}

/**
 * Runtime plugin of the shell: when the federation runtime fetches a remote's manifest, it gets
 * the one the server rendered the page from (adoptServerRemotes), so the browser runs exactly
 * the versions in the HTML. Each is used once; a retry after a failure asks the remote again.
 */
export default function earlyManifestsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-early-manifests',
    fetch(url) {
      const early = globalThis.__FIRSTDAY_MANIFESTS__?.[url];
      if (!early) return undefined;
      delete globalThis.__FIRSTDAY_MANIFESTS__![url];
      return early.then(
        (response) => (response.ok ? response : fetch(url)),
        () => fetch(url),
      );
    },
  };
}
