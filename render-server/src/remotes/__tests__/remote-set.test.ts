import { confirmOutages, type RemoteSet } from '../remote-set';
import type { BrowserManifest } from '../../../../platform/render-protocol/worker-protocol';

const url = (alias: string) => `http://localhost/${alias}/mf-manifest.json`;
const manifest = { metaData: { name: 'x', remoteEntry: { name: 'e.js' } }, exposes: [] };

function set(versions: Record<string, string>): RemoteSet {
  const aliases = ['remote-home', 'remote-contact', 'remote-shared'] as const;
  const down = aliases.filter((alias) => versions[alias] === 'down');
  const key = aliases.map((alias) => `${alias}@${versions[alias]}`).join(' ');
  return {
    key,
    versions: versions as RemoteSet['versions'],
    browserRemotes: Object.fromEntries(
      aliases.map((a) => [a, url(a)]),
    ) as RemoteSet['browserRemotes'],
    serverRemotes: Object.fromEntries(
      aliases.map((a) => [a, url(a)]),
    ) as RemoteSet['serverRemotes'],
    manifests: Object.fromEntries(
      aliases.filter((a) => !down.includes(a)).map((a) => [url(a), manifest as BrowserManifest]),
    ),
    down,
    problems: {},
    remotesJson: '{}',
  };
}

const up = set({ 'remote-home': 'v1', 'remote-contact': 'v1', 'remote-shared': 'v1' });
const homeMissed = set({ 'remote-home': 'down', 'remote-contact': 'v1', 'remote-shared': 'v1' });

describe('confirmOutages', () => {
  it('keeps a remote that missed one read at the version it had', () => {
    const failures = new Map();
    const result = confirmOutages(up, homeMissed, failures);
    expect(result.down).toEqual([]);
    expect(result.key).toBe(up.key);
    expect(result.manifests[url('remote-home')]).toBe(manifest);
  });

  it('counts it down after two missed reads in a row', () => {
    const failures = new Map();
    const once = confirmOutages(up, homeMissed, failures);
    const twice = confirmOutages(once, homeMissed, failures);
    expect(twice.down).toEqual(['remote-home']);
    expect(twice.key).not.toBe(up.key);
  });

  it('starts counting again once it answers', () => {
    const failures = new Map();
    confirmOutages(up, homeMissed, failures);
    confirmOutages(up, up, failures);
    expect(confirmOutages(up, homeMissed, failures).down).toEqual([]);
  });

  it('has nothing to keep for a remote never seen up', () => {
    expect(confirmOutages(null, homeMissed, new Map()).down).toEqual(['remote-home']);
  });
});
