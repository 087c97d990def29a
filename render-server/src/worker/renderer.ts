import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  RenderFailure,
  RendererSetup,
  RenderRequest,
  WorkerMessage,
} from '../../../platform/render-protocol/worker-protocol';

export interface RenderedPage {
  readonly status: 200 | 404;
  readonly html: string;
  readonly complete: boolean;
  readonly failure?: RenderFailure;
}

/**
 * One render worker, for one set of remote versions. It is started, used while that set is
 * live, and then thrown away: never reloaded.
 */
export class Renderer {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (page: RenderedPage) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private dead: Error | null = null;

  constructor(
    readonly key: string,
    setup: RendererSetup,
    workerFile = path.join(__dirname, 'render-worker', 'render-worker.js'),
  ) {
    this.worker = new Worker(workerFile, { workerData: setup });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') this.fail(new Error(message.message), reject);
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
    // Callers learn of a failed start from render(); nobody need wait on `ready` itself.
    this.ready.catch(() => {});
  }

  get alive(): boolean {
    return this.dead === null;
  }

  private fail(error: Error, reject: (error: Error) => void): void {
    this.dead ??= error;
    reject(error);
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
    void this.worker.terminate();
  }

  /** Renders one path, or rejects after `timeoutMs` (a hung remote inside the worker). */
  async render(pathname: string, timeoutMs: number): Promise<RenderedPage> {
    await this.ready;
    if (this.dead) throw this.dead;
    const id = (this.nextId += 1);
    return new Promise<RenderedPage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no render of ${pathname} within ${timeoutMs} ms`));
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
      this.worker.postMessage({ id, path: pathname } satisfies RenderRequest);
    });
  }

  /** Ends the worker once the renders already asked of it had time to finish. */
  retire(afterMs: number): void {
    setTimeout(() => void this.worker.terminate(), afterMs).unref();
  }
}
