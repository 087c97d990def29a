import { LRUCache } from 'lru-cache';
import type { ServerConfig } from '../config';
import { errorField, log } from '../log';
import { readRemoteSetAt, releasesOf, type RemoteSet } from '../remotes/remote-set';
import { Renderer } from '../worker/renderer';
import { rendererSetup } from '../worker/renderer-setup';
import { retiredWorkerGraceMs } from '../../../platform/deadlines.cjs';
import type { ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import type { Preview } from '../../../platform/releases/preview-token.cjs';

export interface PreviewWorker {
  readonly renderer: Renderer;
  readonly set: RemoteSet;
}

type PreviewConfig = Pick<
  ServerConfig,
  'deadlineMs' | 'siteOrigin' | 'previewWorkers' | 'previewIdleMs'
>;

/**
 * Render workers for reviewers' previews, one per previewed version set: at most
 * `previewWorkers` at once (the least recently used one is retired for a new one), each retired
 * once unused for `previewIdleMs`. They are apart from the live and canary workers, and their
 * pages are never cached.
 */
export class PreviewWorkers {
  private readonly workers: LRUCache<string, Promise<PreviewWorker>>;

  constructor(
    private readonly config: PreviewConfig,
    private readonly shell: ShellAssets,
    /** Told of each previewed set once its worker is ready, so its beacons are known. */
    private readonly started: (set: RemoteSet) => void,
  ) {
    this.workers = new LRUCache<string, Promise<PreviewWorker>>({
      max: config.previewWorkers,
      ttl: config.previewIdleMs,
      updateAgeOnGet: true,
      ttlAutopurge: true,
      dispose: (worker) =>
        void worker.then(
          ({ renderer }) => renderer.retire(retiredWorkerGraceMs),
          () => {},
        ),
    });
  }

  /** The worker of `preview`'s set over the live remotes `live`, started if need be. */
  get(preview: Preview, live: RemoteSet): Promise<PreviewWorker> {
    const remotes = { ...live.browserRemotes, ...preview.remotes };
    const key = JSON.stringify(Object.entries(remotes).sort());
    let worker = this.workers.get(key);
    if (!worker) {
      worker = this.start(remotes, preview, live.remotesJson);
      // A start that failed is forgotten, so the next page tries again.
      worker.catch(() => this.workers.delete(key));
      this.workers.set(key, worker);
    }
    return worker;
  }

  private async start(
    remotes: RemoteSet['browserRemotes'],
    preview: Preview,
    remotesJson: string,
  ): Promise<PreviewWorker> {
    const set = await readRemoteSetAt(remotes, remotesJson, this.config.deadlineMs);
    if (set.down.length > 0)
      throw new Error(
        `cannot read ${set.down.join(', ')}: ${Object.values(set.problems).join('; ')}`,
      );
    const released = releasesOf(set);
    const releases = Object.fromEntries(
      Object.keys(preview.remotes).map((alias) => [
        alias,
        released[alias as keyof typeof released],
      ]),
    );
    const renderer = new Renderer(
      set.key,
      rendererSetup(set, this.config, this.shell, 'preview', {
        releases,
        expiresAt: new Date(preview.expires * 1000).toISOString(),
      }),
    );
    try {
      await renderer.ready;
    } catch (error) {
      log('ERROR', 'A preview could not start', { releases, error: errorField(error) });
      throw error;
    }
    log('NOTICE', 'Serving a preview', { versionSet: set.key, releases });
    this.started(set);
    return { renderer, set };
  }

  stop(): void {
    this.workers.clear();
  }
}
