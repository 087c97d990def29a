import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import federation from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import manifestEntryPlugin from './manifest-entry-plugin';

// Production remotes are built with experiments.externalRuntime: they borrow this copy of the
// federation runtime instead of each shipping their own. Importing the same ESM build the
// bundler runtime uses keeps it to one copy in the shell too.
globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;

type Runtime = NonNullable<typeof federation.runtime>;
type InitOptions = Parameters<Runtime['init']>[0];

/**
 * The runtime's init for a remote's container. The runtime's own init first looks for an
 * instance by its build's identifier, which is the shell's here and which every instance
 * carries (they are all made by the shell's runtime core): from a remote it would find the
 * shell's instance. A remote's build finds its instance by name, as this does.
 */
function initContainer(runtime: Runtime, options: InitOptions) {
  // This runtime has no snapshot plugin: a remote that loads another by its manifest needs
  // manifest-entry, which a remote's own build leaves to the runtime it borrows.
  const plugins = [...(options.plugins ?? []), manifestEntryPlugin()];
  const normalized = { ...options, id: options.id || '', plugins };
  const existing = runtimeCore.CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    (instance) =>
      instance.options.name === options.name &&
      (options.version ? instance.options.version === options.version : !instance.options.version),
  );
  if (!existing) return runtime.createInstance(normalized);
  existing.initOptions(normalized);
  return existing;
}

/**
 * What each production remote's entry would otherwise carry a copy of (remotes are built with
 * the bundler runtime as an external; create-app-config.cjs): webpack's side of the federation
 * runtime. Its functions take the container's own webpack require as an argument, so one copy
 * serves every container. The shell's copy is built without a container's entry set-up (the
 * shell exposes nothing), which is added here.
 */
function bundlerRuntimeForRemotes() {
  const runtime = federation.runtime;
  const bundlerRuntime = federation.bundlerRuntime;
  if (!runtime || !bundlerRuntime) return undefined;
  return {
    runtime: { ...runtime, init: (options: InitOptions) => initContainer(runtime, options) },
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry },
    attachShareScopeMap: federation.attachShareScopeMap,
  };
}

globalThis.__FIRSTDAY_BUNDLER_RUNTIME__ ??= bundlerRuntimeForRemotes();

/** Runtime plugin built into the shell only: lends the shell's federation runtime to remotes. */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return { name: 'firstday-provide-runtime' };
}
