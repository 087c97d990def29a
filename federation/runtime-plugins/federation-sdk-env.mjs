// @ts-check
/**
 * What the browser builds put in place of the federation SDK's `env` module: the same checks,
 * without its debug switch read from `localStorage`. The runtime asks for that switch as it
 * starts, the first `localStorage` access of a fresh profile: 0.7-4.8 ms at full speed, about a
 * quarter of the shell's main script's evaluation, which a calibrated phone runs 8-fold. The
 * runtime can still be debugged with a build that defines `FEDERATION_DEBUG`.
 * Plain JavaScript: webpack swaps the file in after choosing the loaders for the SDK's own.
 */
/* global window, FEDERATION_DEBUG, ENV_TARGET */

export const isBrowserEnvValue =
  typeof ENV_TARGET !== 'undefined'
    ? ENV_TARGET === 'web'
    : typeof window !== 'undefined' && typeof window.document !== 'undefined';

export const isBrowserEnv = () => isBrowserEnvValue;

export const isReactNativeEnv = () =>
  typeof navigator !== 'undefined' && navigator.product === 'ReactNative';

export const isDebugMode = () =>
  typeof FEDERATION_DEBUG !== 'undefined' && Boolean(FEDERATION_DEBUG);

export const getProcessEnv = () =>
  /** @type {{ process?: { env?: Record<string, string | undefined> } }} */ (globalThis).process
    ?.env ?? {};
