import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAlias } from '../routes/route-table';

/**
 * Makes the federation runtime forget a remote that could not be started, so the next load
 * fetches all of it again: the runtime keeps a manifest it fetched (even one of the wrong
 * shape, and the failure of reading it) with the snapshot and entry made from it, and
 * registering the remote again in its place is what drops all of that. A remote whose container
 * already runs is left alone: what failed then (a chunk) is not kept, and its pages in use
 * must not lose their container.
 */
export function forgetRemote(alias: RemoteAlias): void {
  const instance = getInstance();
  const remote = instance?.options.remotes.find((r) => r.alias === alias || r.name === alias);
  if (!instance || !remote || instance.moduleCache.get(remote.name)?.inited) return;
  registerRemotes([{ ...remote }], { force: true });
}
