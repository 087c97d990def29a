import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Where each remote really lives, as the shell read it from its deploy-time remotes.json.
 * Keys are the remote aliases ("remote-home"), values their manifest URLs.
 */
export type RemoteLocations = Readonly<Record<string, string>>;

interface RemoteLike {
  name: string;
  alias?: string;
  entry?: string;
}

function relocate(remote: RemoteLike): void {
  const locations = globalThis.__FIRSTDAY_REMOTES__;
  if (!locations || !('entry' in remote)) return;
  const url = locations[remote.alias ?? ''] ?? locations[remote.name];
  if (url) remote.entry = url;
}

/**
 * Runtime plugin built into every app. Remotes that themselves consume a remote (remote-home
 * reads remote-shared) resolve it where the shell says it is, not at the URL baked into
 * their own build; so moving a remote is an edit to remotes.json, never a rebuild.
 */
export default function remoteLocationsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-remote-locations',
    beforeRegisterRemote(args) {
      relocate(args.remote as RemoteLike);
      return args;
    },
    beforeRequest(args) {
      for (const remote of args.options.remotes) relocate(remote as RemoteLike);
      return args;
    },
  };
}
