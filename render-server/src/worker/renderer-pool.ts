import { slowRouteQuarantineMs } from '../../../platform/deadlines.cjs';
import type { RendererSetup } from '../../../platform/render-protocol/worker-protocol';
import { log } from '../log';
import { Renderer, RenderOverrun, type RenderedPage } from './renderer';
import { WakeUps } from './wake-ups';

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
  /** The workers' whole environment (config.workerEnv). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The render workers of one version set. A render goes only to a started worker with nothing
 * under way (else it waits for one to come free), so a busy worker never holds another route. A render that overruns its
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
  /** Renders waiting for a free worker: each is woken when a worker may have come free. */
  private readonly waiting = new WakeUps();

  constructor(
    readonly key: string,
    private readonly setup: RendererSetup,
    private readonly options: PoolOptions,
  ) {
    // One after another, so a set's start costs the remotes' hosts one worker's fetches at a
    // time. The set is served once its first worker has started (a rollback is served without
    // waiting for the second); the others start behind it, each within its start deadline.
    const first = this.startWorker();
    this.slots.push(first);
    this.ready = first.ready;
    void first.ready.then(
      async () => {
        for (let index = 1; index < options.size && !this.retired; index++) {
          const worker = this.startWorker();
          this.slots.push(worker);
          await worker.ready.catch(() => {});
        }
      },
      () => {},
    );
  }

  private startWorker(): Renderer {
    const worker = new Renderer(
      this.key,
      this.setup,
      this.options.startDeadlineMs,
      this.options.workerFile,
      this.options.env,
    );
    worker.ready.then(
      () => this.wake(),
      () => {},
    );
    return worker;
  }

  /** Workers started and running now. */
  get servingWorkers(): number {
    return this.slots.filter((worker) => worker.serving).length;
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

  /**
   * Renders on a worker that has nothing else under way: a worker runs one render at a time,
   * so one sent to a busy worker would wait behind whatever it runs (a render spinning to its
   * deadline). With none free, it waits for one, at most `timeoutMs` in all.
   */
  private async renderOnce(pathname: string, timeoutMs: number): Promise<RenderedPage> {
    const until = Date.now() + timeoutMs;
    for (let attempt = 0; ;) {
      if (!this.slots.some((worker) => worker.alive))
        throw new Error('no render worker of this set is running');
      const worker = this.free();
      if (!worker) {
        const left = until - Date.now();
        if (left <= 0)
          throw new Error(`no render worker of this set was free within ${timeoutMs} ms`);
        await this.waiting.next(left);
        continue;
      }
      try {
        // Picked and asked with no await between: the render counts as under way at once.
        return await worker.render(pathname, Math.max(1, until - Date.now()));
      } catch (error) {
        if (error instanceof RenderOverrun) {
          this.keepOff(pathname);
          // The route's deadline, not what was left of it once a worker was free (299 ms of
          // 300 on a busy machine read as another deadline in the log).
          throw new RenderOverrun(`no render of ${pathname} within ${timeoutMs} ms`, {
            cause: error,
          });
        }
        // The worker stopped under this render (not for it): once more on another.
        if (!worker.alive && attempt === 0) {
          attempt += 1;
          continue;
        }
        throw error;
      } finally {
        this.replaceStopped();
        this.wake();
      }
    }
  }

  /** A started worker with no render under way, if any. */
  private free(): Renderer | undefined {
    return this.slots.find((worker) => worker.serving && worker.inFlight === 0);
  }

  /** A render ended or a worker started: renders waiting for a free worker look again. */
  private wake(): void {
    this.waiting.wakeAll();
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
