import { LRUCache } from 'lru-cache';
import { releasesOf, type RemoteSet } from '../remotes/remote-set';
import type { Lane } from '../../../platform/render-protocol/worker-protocol';
import { fieldSetIdOf } from '../worker/renderer-setup';

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
