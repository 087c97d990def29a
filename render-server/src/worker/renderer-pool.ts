import { slowRouteQuarantineMs } from '../../../platform/deadlines.cjs';
import type { RendererSetup } from '../../../platform/render-protocol/worker-protocol';
import { log } from '../log';
import { Renderer, RenderOverrun, type RenderedPage } from './renderer';

/** How often a slow route gets a trial render. */
const trialEveryMs = slowRouteQuarantineMs / 3;

/** A route kept off the shared workers: its last render overran. */
export class SlowRoute extends Error {
  override name = 'SlowRoute';
}

export interface PoolOptions {
  /** Workers that share the renders of the set. */
  readonly size: number;
  readonly startDeadlineMs: number;
  /** Whether a slow route gets trial renders in a worker of its own (else it waits out its time). */
  readonly trials: boolean;
  /** The worker's script (the shell's render worker unless a test says otherwise). */
  readonly workerFile?: string;
}

/**
 * The render workers of one version set. Renders go to the started worker with the fewest
 * under way, so one busy worker does not hold the others' routes. A render that overruns its
 * deadline stops its worker (a new one takes its place) and keeps its route off the shared
 * workers for a while: that route is answered at once with what stands in for it, while a trial
 * render at a time, in a worker of its own, finds out when it is quick again.
 */
export class RendererPool {
  readonly ready: Promise<void>;
  private readonly slots: Renderer[] = [];
  private readonly slowUntil = new Map<string, number>();
  private trial: Renderer | null = null;
  private trialRunning = false;
  private lastTrial = 0;
  private retired = false;
  private readonly rendering = new Map<string, Promise<RenderedPage>>();

  constructor(
    readonly key: string,
    private readonly setup: RendererSetup,
    private readonly options: PoolOptions,
  ) {
    // One after another, so a set's start costs the remotes' hosts one worker's fetches at a
    // time; the set is served once all have started (each within its start deadline).
    this.ready = (async () => {
      for (let index = 0; index < options.size && !this.retired; index++) {
        const worker = this.startWorker();
        this.slots.push(worker);
        await worker.ready;
      }
    })();
    this.ready.catch(() => {});
  }

  private startWorker(): Renderer {
    return new Renderer(
      this.key,
      this.setup,
      this.options.startDeadlineMs,
      this.options.workerFile,
    );
  }

  /** Some worker of it runs (or starts): the set can still be served. */
  get alive(): boolean {
    return !this.retired && this.slots.some((worker) => worker.alive);
  }

  /** Resolves once every worker it started has ended. */
  get ended(): Promise<void> {
    return Promise.all([...this.slots, this.trial].map((worker) => worker?.ended)).then(() => {});
  }

  /** Renders one path within `timeoutMs`; rejects with SlowRoute at once while it is kept off. */
  async render(pathname: string, timeoutMs: number, now = Date.now()): Promise<RenderedPage> {
    if (!this.slots.some((worker) => worker.serving)) await this.ready;
    const slowUntil = this.slowUntil.get(pathname);
    if (slowUntil !== undefined && slowUntil > now) {
      if (this.options.trials) this.tryAgain(pathname, timeoutMs);
      throw new SlowRoute(`${pathname} overran its last render; it is kept off for a while`);
    }
    this.slowUntil.delete(pathname);
    // One render of a path at a time: more asks of it wait for that one, so a slow route holds
    // one worker at most, never all of them.
    const under = this.rendering.get(pathname);
    if (under) return under;
    const rendering = this.renderOnce(pathname, timeoutMs).finally(() =>
      this.rendering.delete(pathname),
    );
    this.rendering.set(pathname, rendering);
    return rendering;
  }

  private async renderOnce(pathname: string, timeoutMs: number): Promise<RenderedPage> {
    for (let attempt = 0; ; attempt += 1) {
      const worker = this.pick();
      if (!worker) throw new Error('no render worker of this set is running');
      try {
        return await worker.render(pathname, timeoutMs);
      } catch (error) {
        if (error instanceof RenderOverrun) this.keepOff(pathname);
        // A worker stopped under this render for another's overrun: once more on another.
        else if (!worker.alive && attempt === 0) continue;
        throw error;
      } finally {
        this.replaceStopped();
      }
    }
  }

  private pick(): Renderer | undefined {
    return this.slots.filter((worker) => worker.serving).sort((a, b) => a.inFlight - b.inFlight)[0];
  }

  private keepOff(pathname: string): void {
    if (this.slowUntil.size > 64) this.slowUntil.clear();
    this.slowUntil.set(pathname, Date.now() + slowRouteQuarantineMs);
    log('WARNING', `${pathname} overran its render deadline; its worker was stopped`, {
      route: pathname,
      versionSet: this.key,
    });
  }

  /** A worker that served and was stopped is started again; one that never started is not. */
  private replaceStopped(): void {
    if (this.retired) return;
    for (const [index, worker] of this.slots.entries())
      if (!worker.alive && worker.startedOnce) this.slots[index] = this.startWorker();
  }

  /**
   * One trial render of a slow route at a time, in its own worker, at most every third of its
   * time off (a spinning render costs a core while it runs); in time, it is let back.
   */
  private tryAgain(pathname: string, timeoutMs: number, now = Date.now()): void {
    if (this.trialRunning || this.retired || now - this.lastTrial < trialEveryMs) return;
    this.trialRunning = true;
    this.lastTrial = now;
    if (!this.trial?.alive) this.trial = this.startWorker();
    const trial = this.trial;
    trial
      .render(pathname, timeoutMs)
      .then(
        () => this.slowUntil.delete(pathname),
        () => this.slowUntil.set(pathname, Date.now() + slowRouteQuarantineMs),
      )
      .finally(() => {
        this.trialRunning = false;
      });
  }

  /** Ends every worker once the renders already asked of it had time to finish. */
  retire(afterMs: number): void {
    this.retired = true;
    for (const worker of this.slots) worker.retire(afterMs);
    this.trial?.retire(afterMs);
  }
}
