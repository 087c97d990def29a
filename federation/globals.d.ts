// Every global the site's code reads or sets, typed once (every app's tsconfig includes this
// file). Most carry deploy-time facts from the page or the render worker to the federation
// runtime plugins that webpack builds into each app.
import type * as runtimeCore from '@module-federation/runtime-core';

declare global {
  /** Where each remote lives: alias ("remote-home") -> manifest URL, from remotes.json. */
  var __FIRSTDAY_REMOTES__: Readonly<Record<string, string>> | undefined;
  /** The manifests a server-rendered page was rendered from, by URL (adoptServerRemotes). */
  var __FIRSTDAY_MANIFESTS__: Record<string, Promise<Response>> | undefined;
  /** Render worker: container name -> the URL its browser build is served from. */
  var __FIRSTDAY_PUBLIC_PATHS__: Readonly<Record<string, string>> | undefined;
  /** Render worker: how long one request to a remote may take. */
  var __FIRSTDAY_FETCH_DEADLINE_MS__: number | undefined;
  /** The shell's federation runtime, lent to production remotes (one copy per page). */
  var _FEDERATION_RUNTIME_CORE: typeof runtimeCore | undefined;
  /** The shell's bundler runtime (webpack's side of federation), lent to production remotes. */
  var __FIRSTDAY_BUNDLER_RUNTIME__: object | undefined;
  /** Defined by the federation plugin's build ('web' for browser builds); read by the SDK's env
   * module and its replacement (federation-sdk-env.mjs). */
  var ENV_TARGET: string | undefined;
  /** Read by Firebase's App Check SDK as it starts (contact writer): true prints a debug token. */
  var FIREBASE_APPCHECK_DEBUG_TOKEN: string | boolean | undefined;
}

export {};
