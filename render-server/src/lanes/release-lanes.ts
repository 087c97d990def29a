import type { ServerConfig } from '../config';
import { log, type LogFields } from '../log';
import type { RemoteSet } from '../remotes/remote-set';
import { RemotePoller, type ServedSets } from '../remotes/remote-poller';
import type { RendererPool } from '../worker/renderer-pool';
import { WorkerSwap } from '../worker/worker-swap';
import type { ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import { canaryShareAt } from '../../../platform/remotes/remotes-json.cjs';
import { CanaryDecisions, type DecisionReader } from './canary-decisions';
import { KnownSets, type KnownSet } from './known-sets';
import type { LaneRequest } from './lane-request';
import { PreviewWorkers } from './preview-workers';

/** Which set serves a request, and how its pages may be kept. */
export type LaneSet =
  | {
      /** live or canary: its pages are cached under `cacheKey`. */
      readonly kind: 'live' | 'canary';
      readonly renderer: RendererPool;
      readonly set: RemoteSet | undefined;
      readonly cacheKey: string;
    }
  | { readonly kind: 'preview'; readonly renderer: RendererPool; readonly set: RemoteSet }
  /** Nothing can render (no worker yet, remote-shared down): what stands in is served. */
  | { readonly kind: 'none'; readonly set: RemoteSet | undefined };

/**
 * Pages are cached per lane and set: a canary of the very releases that are live still tags
 * its pages as the canary's, so the two are never served for each other.
 */
const cacheKeyOf = (lane: 'live' | 'canary', renderer: RendererPool) => `${lane} ${renderer.key}`;

/**
 * The release lanes, one room: the live set, a canary's beside it while it runs healthy, and
 * reviewers' previews, each with its render workers, the judge's decisions, and the sets served
 * lately (which field data may name). The page service asks it which set serves a request.
 */
export class ReleaseLanes {
  private readonly workers: WorkerSwap;
  private readonly canaryWorkers: WorkerSwap;
  private readonly previews: PreviewWorkers;
  private readonly decisions: CanaryDecisions;
  private readonly knownSets = new KnownSets();
  private readonly remotes: RemotePoller;
  private readonly servedChanged = new Set<(cacheKeys: readonly string[]) => void>();

  constructor(
    config: ServerConfig,
    shell: ShellAssets,
    decisions: DecisionReader | null,
    /** Errors that would repeat, logged once each. */
    errorLog: (key: string, message: string, fields: LogFields) => void,
  ) {
    const switched = (lane: 'live' | 'canary') => (set: RemoteSet) => {
      this.knownSets.served(set, lane, this.remotes.canary?.canary.id ?? null);
      this.tellServed();
    };
    this.workers = new WorkerSwap(config, shell, errorLog, switched('live'));
    this.canaryWorkers = new WorkerSwap(config, shell, errorLog, switched('canary'), 'canary');
    this.previews = new PreviewWorkers(config, shell, (set) =>
      this.knownSets.served(set, 'preview', null),
    );
    this.decisions = new CanaryDecisions(decisions, Math.max(config.pollMs, 5000));
    this.remotes = new RemotePoller(config, (sets) => this.follow(sets));
  }

  /** Live workers follow the live set; the canary's follow its set while it runs, healthy. */
  private async follow({ live, canary }: ServedSets): Promise<void> {
    await this.workers.follow(live);
    const serving =
      canary !== null &&
      canary.set.down.length === 0 &&
      !(await this.decisions.isRolledBack(canary.canary.id));
    if (serving) await this.canaryWorkers.follow(canary.set);
    else if (this.canaryWorkers.live || canary === null) {
      if (this.canaryWorkers.live)
        log('NOTICE', 'The canary ended; every visitor gets the live set');
      this.canaryWorkers.clear();
      this.tellServed();
    }
  }

  /** Calls `listener` with the cache keys of the sets served now, whenever they change. */
  onServedChange(listener: (cacheKeys: readonly string[]) => void): void {
    this.servedChanged.add(listener);
  }

  private tellServed(): void {
    const keys = [
      this.workers.live && cacheKeyOf('live', this.workers.live),
      this.canaryWorkers.live && cacheKeyOf('canary', this.canaryWorkers.live),
    ].filter((key): key is string => typeof key === 'string');
    for (const listener of this.servedChanged) listener(keys);
  }

  /**
   * The set that serves a request of `lane`: a preview's own workers (started if need be;
   * rejects with PreviewsBusy or NotPublished), the canary's while it is in force, else the
   * live set's.
   */
  async serving(lane: LaneRequest): Promise<LaneSet> {
    if (lane.kind === 'preview') {
      const live = this.remotes.set;
      if (!live) throw new Error('the live remotes have not been read yet');
      const { renderer, set } = await this.previews.get(lane.preview, live);
      return { kind: 'preview', renderer, set };
    }
    const canary = this.remotes.canary;
    const canaryRenderer = this.canaryWorkers.live;
    if (lane.kind === 'canary' && canary && canaryRenderer?.key === canary.set.key)
      return {
        kind: 'canary',
        renderer: canaryRenderer,
        set: canary.set,
        cacheKey: cacheKeyOf('canary', canaryRenderer),
      };
    return this.live();
  }

  /** The live set's workers, or none when no page can be drawn. */
  live(): LaneSet {
    const set = this.remotes.set ?? undefined;
    const renderer = set?.down.includes('remote-shared') ? null : this.workers.live;
    return renderer
      ? { kind: 'live', renderer, set, cacheKey: cacheKeyOf('live', renderer) }
      : { kind: 'none', set };
  }

  /**
   * The set a page's field data names, if it was served lately: a live page's data counts
   * toward the canary running now (it is what the canary is compared with).
   */
  fieldSet(id: string): KnownSet | undefined {
    const known = this.knownSets.find(id);
    if (known?.lane !== 'live') return known;
    return { ...known, canary: this.canary?.id ?? null };
  }

  /** The canary in force (read, ready to serve), if any: visitors are drawn into it. */
  get canary(): { readonly id: string; readonly share: number } | null {
    const running = this.remotes.canary;
    if (!running || this.canaryWorkers.live?.key !== running.set.key) return null;
    return { id: running.canary.id, share: canaryShareAt(running.canary, Date.now()) };
  }

  /** Every set served now: the live one, a canary's (read, in force or not), previews'. */
  get servedSets(): RemoteSet[] {
    const live = this.remotes.set;
    const canary = this.remotes.canary?.set;
    return [...(live ? [live] : []), ...(canary ? [canary] : []), ...this.previews.sets];
  }

  /** The live remote set in force, for what else follows the remotes. */
  get remoteSet(): RemoteSet | undefined {
    return this.remotes.set ?? undefined;
  }

  /** Calls `listener` with every remote set read; returns what stops it. */
  onRemoteSet(listener: (set: RemoteSet) => void): () => void {
    return this.remotes.onSet(listener);
  }

  /** Reads the remotes once and starts their workers (each start within its deadline). */
  start(): Promise<void> {
    return this.remotes.start();
  }

  stop(): void {
    this.remotes.stop();
    this.workers.stop();
    this.canaryWorkers.stop();
    this.previews.stop();
  }
}
