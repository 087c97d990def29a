import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from './next-task';

/**
 * A remote's start-up in three tasks instead of one. Without this, the task that runs a
 * remote's entry script also runs, in its load handler's promise chain, the set-up of its
 * shared modules and the start of every fetch of the exposed module's chunks (each a script
 * element: 0.5-1 ms at 4x CPU): 12-19 ms at 4x in traces of /about, 39-60 ms on the calibrated
 * phone, where a tap waits for all of it. Each step now waits for the next task: the entry's
 * set-up, then the exposed module's load. Shell-only (browser): the render server loads remotes
 * in Node, where a visitor's tap does not wait on them.
 */
export default function startupSlicesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-startup-slices',
    beforeInitRemote: () => nextTask(),
    beforeGetExpose: () => nextTask(),
  };
}
