import { retiredWorkerGraceMs, workerStartDeadlineMs } from '../../../platform/deadlines.cjs';
import type { ServerConfig } from '../config';
import { errorField, log, type LogFields } from '../log';
import { releasesOf, type RemoteSet } from '../remotes/remote-set';
import type { Lane, ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import { RendererPool } from './renderer-pool';
import { rendererSetup } from './renderer-setup';

/** Workers per served set: one busy worker (a slow render) leaves the other for other routes. */
const workersPerSet = 2;

/**
 * One render worker per set of remote versions: when the set changes, a worker for the new set
 * is started, switched to once it is ready, and the old one retired (after a grace period for
 * the renders it still has under way). One swap serves the live set, another a canary's.
 * A start that does not finish within its deadline is stopped and logged once; the poller
 * does not wait on it, and a newer set read meanwhile replaces it.
 */
export class WorkerSwap {
  private renderer: RendererPool | null = null;
  private starting: RendererPool | null = null;

  constructor(
    private readonly config: Pick<ServerConfig, 'deadlineMs' | 'siteOrigin' | 'workerEnv'>,
    private readonly shell: ShellAssets,
    private readonly errorOnce: (key: string, message: string, fields: LogFields) => void,
    /** Told of each worker switched to, once it serves. */
    private readonly switched: (set: RemoteSet) => void,
    private readonly lane: Exclude<Lane, 'preview'> = 'live',
  ) {}

  /** The worker serving now, if any started. */
  get live(): RendererPool | null {
    return this.renderer;
  }

  /** Starts a worker for `set` unless one serves it or is starting for it. */
  async follow(set: RemoteSet): Promise<void> {
    const live = this.renderer;
    // Without remote-shared no page can be drawn: the worker in force stays for when it is back.
    if (set.down.includes('remote-shared')) return;
    if ((live?.key === set.key && live.alive) || this.starting?.key === set.key) return;
    const next = new RendererPool(set.key, rendererSetup(set, this.config, this.shell, this.lane), {
      size: workersPerSet,
      startDeadlineMs: workerStartDeadlineMs(this.config.deadlineMs),
      trials: true,
      env: this.config.workerEnv,
    });
    this.starting?.retire(0);
    this.starting = next;
    try {
      await next.ready;
    } catch (error) {
      this.errorOnce(`start|${set.key}`, 'A render worker could not start; trying again shortly', {
        versionSet: set.key,
        releases: releasesOf(set),
        error: errorField(error),
      });
      next.retire(0);
      if (this.starting === next) this.starting = null;
      return;
    }
    // A newer set started meanwhile: that one is switched to, not this.
    if (this.starting !== next) return;
    this.starting = null;
    this.renderer = next;
    log('NOTICE', this.lane === 'live' ? 'Serving a new version set' : 'Serving a canary', {
      versionSet: next.key,
      releases: releasesOf(set),
      previous: live ? live.key : null,
    });
    live?.retire(retiredWorkerGraceMs);
    this.switched(set);
  }

  /** Stops serving (a canary that ended): renders under way get the grace period. */
  clear(): void {
    this.renderer?.retire(retiredWorkerGraceMs);
    this.starting?.retire(0);
    this.renderer = null;
    this.starting = null;
  }

  stop(): void {
    this.renderer?.retire(0);
    this.starting?.retire(0);
  }
}
