import { LRUCache } from 'lru-cache';
import { releasesOf, type RemoteSet } from '../remotes/remote-set';
import type { Lane } from '../../../platform/render-protocol/worker-protocol';
import { versionSetIdOf } from '../../../platform/field-data/aggregates.cjs';

/**
 * How a page's field data names the set it runs: the set and the lane it was served in, so
 * that a canary of the very releases that are live (or a preview of them) is still told apart.
 */
export const fieldSetIdOf = (set: RemoteSet, lane: Lane): string =>
  versionSetIdOf(`${lane} ${set.key}`);

/** What the field data of a page names its set by, and how that set was served. */
export interface KnownSet {
  readonly lane: Lane;
  readonly canary: string | null;
  readonly releases: Readonly<Record<string, string>>;
}

/**
 * Pages keep running the set they were served with after the server has moved on (a new
 * release, the end of a canary): their beacons still name it. So the sets served lately are
 * remembered, a bounded number, and a beacon naming any other is refused.
 */
const setsRemembered = 64;

export class KnownSets {
  private readonly sets = new LRUCache<string, KnownSet>({ max: setsRemembered });

  /** Remembers `set` as served in `lane`. */
  served(set: RemoteSet, lane: Lane, canary: string | null): void {
    this.sets.set(fieldSetIdOf(set, lane), { lane, canary, releases: releasesOf(set) });
  }

  /** The set a page names, if it was served lately. */
  find(id: string): KnownSet | undefined {
    return this.sets.get(id);
  }
}
