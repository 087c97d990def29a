import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type AfterResolveArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['afterResolve']>>[0];
type Snapshot = Awaited<
  ReturnType<AfterResolveArgs['origin']['snapshotHandler']['loadRemoteSnapshotInfo']>
>['remoteSnapshot'];

/** The address of a file a remote's manifest names, at the public path it gives. */
function fileUrl(snapshot: Snapshot, file: string, remote: string): string {
  if (!('publicPath' in snapshot) || typeof snapshot.publicPath !== 'string')
    throw new Error(`The manifest of ${remote} gives no public path`);
  return new URL(file, new URL(snapshot.publicPath, document.baseURI)).href;
}

/** Asks for a script's download now, unless the page has it or asked for it already. */
function preloadScript(url: string): void {
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    'script[src],link[rel=preload]',
  ))
    if (('src' in element ? element.src : element.href) === url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = url;
  document.head.appendChild(link);
}

/**
 * Loads a remote registered by its manifest (mf-manifest.json) from the entry the manifest
 * names, and starts the download of the requested module's own scripts beside the entry's.
 * The runtime's snapshot plugin did this and planned preloads for everything a remote might
 * need besides (1.5 KB of every first visit's JavaScript); the shell is built without it
 * (disableSnapshot), since a page's first files are already listed by the server.
 */
export default function manifestEntryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-manifest-entry',
    async afterResolve(args) {
      const { remote, remoteInfo, origin, expose } = args;
      if (!('entry' in remote) || !remote.entry.includes('.json')) return args;
      const { remoteSnapshot } = await origin.snapshotHandler.loadRemoteSnapshotInfo({
        moduleInfo: remote,
        id: args.id,
      });
      if (!('remoteEntry' in remoteSnapshot) || !remoteSnapshot.remoteEntry)
        throw new Error(`The manifest of ${remote.name} names no entry`);
      remoteInfo.entry = fileUrl(remoteSnapshot, remoteSnapshot.remoteEntry, remote.name);
      remoteInfo.type = remoteSnapshot.remoteEntryType;
      remoteInfo.entryGlobalName = remoteSnapshot.globalName;
      const module = remoteSnapshot.modules.find((entry) => entry.modulePath === expose);
      for (const file of module?.assets.js.sync ?? [])
        preloadScript(fileUrl(remoteSnapshot, file, remote.name));
      return { ...args, remoteSnapshot };
    },
  };
}
