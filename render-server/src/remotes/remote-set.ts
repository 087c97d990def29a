import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { remoteIds as remoteAliases } from '../../../platform/apps.cjs';
import {
  parseCanary,
  parseRemoteLocations,
  type Canary,
} from '../../../platform/remotes/remotes-json.cjs';
import type { RemoteAlias } from '../../../platform/routes/routes.cjs';
import type { BrowserManifest } from '../../../platform/render-protocol/worker-protocol';
import { fetchWithinDeadline, uncached } from './fetch-within-deadline';

/** The remotes as they are deployed right now: one version of each, or "down". */
export interface RemoteSet {
  /** Names the versions: a new build of any remote, or one going down, changes it. */
  readonly key: string;
  /** Each remote's version ("<manifest URL>#<hash of its manifests>"), or "down". */
  readonly versions: Readonly<Record<RemoteAlias, string>>;
  readonly browserRemotes: Readonly<Record<RemoteAlias, string>>;
  readonly serverRemotes: Readonly<Record<RemoteAlias, string>>;
  readonly manifests: Readonly<Record<string, BrowserManifest>>;
  readonly down: readonly RemoteAlias[];
  /** Why each remote that did not answer is down, for the log. */
  readonly problems: Readonly<Partial<Record<RemoteAlias, string>>>;
  /** remotes.json as read, for browsers of the client-rendered fallback. */
  readonly remotesJson: string;
}

/** A remote's server build is deployed beside its browser build. */
const serverManifestOf = (browserManifest: string): string =>
  new URL('server/mf-manifest.json', browserManifest).href;

async function fetchText(url: string, deadlineMs: number): Promise<string> {
  return (await fetchWithinDeadline(url, deadlineMs, uncached)).text();
}

async function readRemotesJson(source: string, deadlineMs: number): Promise<string> {
  return /^https?:\/\//.test(source) ? fetchText(source, deadlineMs) : readFile(source, 'utf8');
}

/** remotes.json as read: the live remotes, and the canary when one runs. */
export interface ReleasePointer {
  readonly text: string;
  readonly live: Readonly<Record<RemoteAlias, string>>;
  readonly canary: Canary | null;
}

/** Reads and checks remotes.json. */
export async function readPointer(source: string, deadlineMs: number): Promise<ReleasePointer> {
  const text = await readRemotesJson(source, deadlineMs);
  const json: unknown = JSON.parse(text);
  return { text, live: parseRemoteLocations(json), canary: parseCanary(json) };
}

/** Reads the live remotes of remotes.json and their manifests (what `server.js --check` renders). */
export async function readRemoteSet(source: string, deadlineMs: number): Promise<RemoteSet> {
  const pointer = await readPointer(source, deadlineMs);
  return readRemoteSetAt(pointer.live, pointer.text, deadlineMs);
}

/**
 * Reads every remote's two manifests, each within the deadline, for the remotes at
 * `browserRemotes` (remotes.json's live ones, or those with a canary's or a preview's in place).
 * @param remotesJson what the client-rendered fallback page is told: remotes.json as read
 */
export async function readRemoteSetAt(
  browserRemotes: Readonly<Record<RemoteAlias, string>>,
  remotesJson: string,
  deadlineMs: number,
): Promise<RemoteSet> {
  const serverRemotes = Object.fromEntries(
    remoteAliases.map((alias) => [alias, serverManifestOf(browserRemotes[alias])]),
  ) as Record<RemoteAlias, string>;
  const manifests: Record<string, BrowserManifest> = {};
  const down: RemoteAlias[] = [];
  const problems: Partial<Record<RemoteAlias, string>> = {};
  const found = await Promise.all(
    remoteAliases.map(async (alias) => {
      try {
        const [browser, server] = await Promise.all([
          fetchText(browserRemotes[alias], deadlineMs),
          fetchText(serverRemotes[alias], deadlineMs),
        ]);
        manifests[browserRemotes[alias]] = JSON.parse(browser) as BrowserManifest;
        const version = createHash('sha256').update(browser).update(server).digest('hex');
        return [alias, `${browserRemotes[alias]}#${version.slice(0, 16)}`] as const;
      } catch (error) {
        problems[alias] = error instanceof Error ? error.message : String(error);
        down.push(alias);
        return [alias, 'down'] as const;
      }
    }),
  );
  const versions = Object.fromEntries(found) as Record<RemoteAlias, string>;
  return {
    key: keyOf(versions),
    versions,
    browserRemotes,
    serverRemotes,
    manifests,
    down,
    problems,
    remotesJson,
  };
}

/** Each remote's release (the version its build stamped in its manifest), or "down". */
export function releasesOf(set: RemoteSet): Record<RemoteAlias, string> {
  return Object.fromEntries(
    remoteAliases.map((alias) => [
      alias,
      set.down.includes(alias)
        ? 'down'
        : (set.manifests[set.browserRemotes[alias]]?.metaData.buildInfo?.buildVersion ?? 'unknown'),
    ]),
  ) as Record<RemoteAlias, string>;
}

const keyOf = (versions: Readonly<Record<RemoteAlias, string>>) =>
  remoteAliases.map((alias) => `${alias}@${versions[alias]}`).join(' ');

/**
 * One missed answer is not an outage: a busy server (or this one, under load) can be slow
 * for a moment. A remote counts as down once it has failed `confirmAfter` reads in a row;
 * until then the version it last had stays in force. `failures` counts per remote across reads.
 */
export function confirmOutages(
  previous: RemoteSet | null,
  fresh: RemoteSet,
  failures: Map<RemoteAlias, number>,
  confirmAfter = 2,
): RemoteSet {
  const versions = { ...fresh.versions };
  const manifests = { ...fresh.manifests };
  const down: RemoteAlias[] = [];
  for (const alias of remoteAliases) {
    if (!fresh.down.includes(alias)) {
      failures.delete(alias);
      continue;
    }
    const count = (failures.get(alias) ?? 0) + 1;
    failures.set(alias, count);
    const before = previous?.versions[alias];
    const url = fresh.browserRemotes[alias];
    const known = before && before !== 'down' && previous?.manifests[url];
    if (count < confirmAfter && known && previous.browserRemotes[alias] === url) {
      versions[alias] = before;
      manifests[url] = known;
    } else down.push(alias);
  }
  return { ...fresh, key: keyOf(versions), versions, manifests, down };
}
