import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare let __webpack_public_path__: string;
declare const __FIRSTDAY_CONTAINER__: string;

// A remote's server build sits in server/ below its browser build and names its media and
// chunks from there, so the HTML the server renders links the very files the browser will use
// (hydration compares them) and its chunks load from server/.
// webpack's name for this build's public path: assigning it sets the path at run time.
// eslint-disable-next-line prefer-const, @typescript-eslint/no-unused-vars
__webpack_public_path__ = globalThis.__FIRSTDAY_PUBLIC_PATHS__?.[__FIRSTDAY_CONTAINER__] ?? '';

/** Runtime plugin of every remote's server build: see above. */
export default function serverPublicPathPlugin(): ModuleFederationRuntimePlugin {
  return { name: 'firstday-server-public-path' };
}
