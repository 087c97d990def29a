import type {
  ModuleFederation,
  ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type * as RuntimeCore from '@module-federation/runtime-core';
import manifestEntryPlugin from '../manifest-entry-plugin';

declare global {
  // What webpack defines in a build with experiments.optimization.disableSnapshot.
  var FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: boolean | undefined;
}

const manifestUrl = 'https://home.example.com/releases/7/mf-manifest.json';
const releaseFile = (file: string) => `https://home.example.com/releases/7/${file}`;

/** A remote's manifest as its build writes it (publicPath "auto": beside the manifest). */
const manifest = (remoteEntry: { name: string; path: string; type: string } | undefined) => ({
  id: 'remote_home',
  name: 'remote_home',
  metaData: {
    name: 'remote_home',
    type: 'app',
    buildInfo: { buildVersion: '1.0.0', buildName: '@firstday/remote-home' },
    remoteEntry,
    types: { path: '', name: '', zip: '', api: '' },
    globalName: 'remote_home',
    pluginVersion: '2.9.2',
    publicPath: 'auto',
  },
  shared: [],
  remotes: [],
  exposes: [
    {
      id: 'remote_home:home-page',
      name: 'home-page',
      path: './home-page',
      assets: {
        js: { sync: ['home.1.js'], async: ['home-team.2.js'] },
        css: { sync: [], async: [] },
      },
    },
  ],
});

/** The remote's server: its manifest, as the runtime's fetch hook asks for it. */
const serving = (body: unknown): ModuleFederationRuntimePlugin => ({
  name: 'test-remote-server',
  fetch: (url) =>
    Promise.resolve(
      url === manifestUrl ? new Response(JSON.stringify(body)) : new Response('', { status: 404 }),
    ),
});

/** A runtime built as the site's are (no snapshot plugin), with the given plugins. */
function runtimeWith(plugins: ModuleFederationRuntimePlugin[]): ModuleFederation {
  globalThis.FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN = true;
  let instance: ModuleFederation | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createInstance } = require('@module-federation/enhanced/runtime') as {
      createInstance: (options: object) => ModuleFederation;
    };
    // A page of its own: the runtime keeps what it read of each remote on the page's global.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('@module-federation/runtime-core') as typeof RuntimeCore).resetFederationGlobalInfo();
    instance = createInstance({
      name: 'shell',
      remotes: [{ name: 'remote_home', alias: 'remote-home', entry: manifestUrl }],
      plugins,
    });
  });
  return instance!;
}

/** Where the runtime would load the remote's entry from, and what it hands on. */
async function resolve(instance: ModuleFederation) {
  const { remoteMatchInfo } = await instance.remoteHandler.getRemoteModuleAndOptions({
    id: 'remote-home/home-page',
  });
  return remoteMatchInfo;
}

afterEach(() => {
  delete globalThis.FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN;
  document.head.replaceChildren();
});

describe('manifestEntryPlugin', () => {
  const entry = { name: 'remoteEntry.abc.js', path: '', type: 'global' };

  it('loads a remote from the entry its manifest names, beside the manifest', async () => {
    const info = await resolve(runtimeWith([serving(manifest(entry)), manifestEntryPlugin()]));
    expect(info.remoteInfo.entry).toBe(releaseFile('remoteEntry.abc.js'));
    expect(info.remoteInfo.entryGlobalName).toBe('remote_home');
    expect(info.remoteInfo.type).toBe('global');
  });

  it("starts the download of the requested module's own scripts, once", async () => {
    const instance = runtimeWith([serving(manifest(entry)), manifestEntryPlugin()]);
    await resolve(instance);
    await resolve(instance);
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')];
    expect(preloads.map(({ as, href }) => ({ as, href }))).toEqual([
      { as: 'script', href: releaseFile('home.1.js') },
    ]);
  });

  it('refuses a manifest that names no entry, saying so', async () => {
    const unnamed = { ...entry, name: '' };
    const instance = runtimeWith([serving(manifest(unnamed)), manifestEntryPlugin()]);
    await expect(resolve(instance)).rejects.toThrow('The manifest of remote_home names no entry');
  });

  it('fails the load of a manifest without the entry field (the runtime cannot read it)', async () => {
    const instance = runtimeWith([serving(manifest(undefined)), manifestEntryPlugin()]);
    await expect(resolve(instance)).rejects.toThrow();
  });
});
