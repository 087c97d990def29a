import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type {
  RenderFailure,
  RendererSetup,
  RenderRequest,
  WorkerMessage,
  WorkerSetupMessage,
} from '../../../platform/render-protocol/worker-protocol';
import { workerUser } from './worker-user';

export interface RenderedPage {
  readonly status: 200 | 404;
  readonly html: string;
  readonly complete: boolean;
  readonly failure?: RenderFailure;
}

/** A render that ran past its deadline: its worker was stopped, not left running it. */
export class RenderOverrun extends Error {
  override name = 'RenderOverrun';
}

/** The shell's render worker, built beside the server. */
export const renderWorkerFile = path.join(__dirname, 'render-worker', 'render-worker.js');

/**
 * How a render worker is started: a process of its own (a thread would share the server's
 * memory, its environment and its keys), with a clean environment, no Node options, nothing on
 * stdin, and the IPC channel only, as the user workerUser() says.
 */
const forkOptions = (env: Readonly<Record<string, string>>) => ({
  env: { ...env },
  execArgv: [],
  serialization: 'advanced' as const,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as ('ignore' | 'inherit' | 'ipc')[],
  ...workerUser(),
});

/**
 * One render worker, for one set of remote versions: a child process. It is started, used
 * while that set is live, and then thrown away: never reloaded. A start that does not finish
 * within its deadline, and a render that runs past its own, stop the worker: nothing waits on
 * it again.
 */
export class Renderer {
  readonly ready: Promise<void>;
  /** Resolves once the worker's thread has ended (retired, failed or stopped). */
  readonly ended: Promise<void>;
  private readonly worker: ChildProcess;
  private readonly pending = new Map<
    number,
    { resolve: (page: RenderedPage) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private dead: Error | null = null;
  private started = false;
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    readonly key: string,
    setup: RendererSetup,
    startDeadlineMs: number,
    workerFile = renderWorkerFile,
    /** Its whole environment (config.workerEnv): nothing of the server's own. */
    env: Readonly<Record<string, string>> = {},
  ) {
    this.worker = fork(workerFile, [], forkOptions(env));
    // It keeps the server's event loop alive while it runs (the server waits for its first
    // workers before it listens); it ends when retired, stopped or when the server ends.
    this.ended = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.send({ type: 'setup', setup });
    let rejectStart: (error: Error) => void = () => {};
    this.ready = new Promise((resolve, reject) => {
      rejectStart = reject;
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          this.started = true;
          clearTimeout(this.startTimer);
          resolve();
        } else if (message.type === 'failed') this.fail(new Error(message.message), reject);
        else {
          const request = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.type === 'rendered') request?.resolve(message);
          else request?.reject(new Error(message.message));
        }
      });
      this.worker.on('error', (error) => this.fail(error, reject));
      this.worker.on('exit', (code) =>
        this.fail(new Error(`render worker exited (${code})`), reject),
      );
    });
    this.startTimer = setTimeout(
      () =>
        this.fail(new Error(`render worker not ready within ${startDeadlineMs} ms`), rejectStart),
      startDeadlineMs,
    );
    this.startTimer.unref();
    // Callers learn of a failed start from render(); nobody need wait on `ready` itself.
    this.ready.catch(() => {});
  }

  get alive(): boolean {
    return this.dead === null;
  }

  /** Started and still running: it takes renders. */
  get serving(): boolean {
    return this.started && this.dead === null;
  }

  /** It said it was ready at some point (it may have stopped since). */
  get startedOnce(): boolean {
    return this.started;
  }

  /** Renders asked of it and not answered yet. */
  get inFlight(): number {
    return this.pending.size;
  }

  private fail(error: Error, reject: (error: Error) => void): void {
    this.dead ??= error;
    clearTimeout(this.startTimer);
    reject(error);
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
    if (this.worker.exitCode === null && this.worker.signalCode === null)
      this.worker.kill('SIGKILL');
  }

  /** A message to the worker, unless its channel has closed (it failed: fail() says why). */
  private send(message: WorkerSetupMessage | RenderRequest): void {
    if (this.worker.connected)
      this.worker.send(message, (error) => error && this.fail(error, () => {}));
  }

  /**
   * Renders one path. Past `timeoutMs` the render is given up and the worker stopped (a render
   * spinning in it would hold every render after it), rejecting with RenderOverrun.
   */
  async render(pathname: string, timeoutMs: number): Promise<RenderedPage> {
    // Once started, the render is counted in flight before this call returns (no await first).
    if (!this.started) await this.ready;
    if (this.dead) throw this.dead;
    const id = (this.nextId += 1);
    return new Promise<RenderedPage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        const overrun = new RenderOverrun(`no render of ${pathname} within ${timeoutMs} ms`);
        reject(overrun);
        this.fail(new Error(`stopped: a render of ${pathname} overran`), () => {});
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (page) => {
          clearTimeout(timer);
          resolve(page);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.send({ id, path: pathname });
    });
  }

  /** Ends the worker once the renders already asked of it had time to finish. */
  retire(afterMs: number): void {
    if (afterMs === 0) {
      this.fail(new Error('render worker retired'), () => {});
      return;
    }
    setTimeout(() => this.fail(new Error('render worker retired'), () => {}), afterMs).unref();
  }
}
