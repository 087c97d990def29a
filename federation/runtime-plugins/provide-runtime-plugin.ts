import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Production remotes are built with experiments.externalRuntime: they borrow this copy of the
// federation runtime instead of each shipping their own. Importing the same ESM build the
// bundler runtime uses keeps it to one copy in the shell too.
globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;

/** Runtime plugin built into the shell only: lends the shell's federation runtime to remotes. */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return { name: 'firstday-provide-runtime' };
}
