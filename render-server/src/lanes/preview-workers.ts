import type { ServerConfig } from '../config';
import { errorField, log } from '../log';
import { readRemoteSetAt, releasesOf, type RemoteSet } from '../remotes/remote-set';
import { RendererPool } from '../worker/renderer-pool';
import { rendererSetup } from '../worker/renderer-setup';
import { WakeUps } from '../worker/wake-ups';
import { workerStartDeadlineMs } from '../../../platform/deadlines.cjs';
import type { ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import type { Preview } from '../../../platform/releases/preview-token.cjs';
import type { RemoteAlias } from '../../../platform/routes/routes.cjs';

export interface PreviewWorker {
  readonly renderer: RendererPool;
  readonly set: RemoteSet;
}

/** Every preview worker is in use (or still ending): the reviewer is asked to come back. */
export class PreviewsBusy extends Error {
  override name = 'PreviewsBusy';
  constructor(
    message: string,
    /** When a worker will be free to take this set: the oldest one's time off. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** How long a new set waits for a worker to come free before it is told to come back. */
const previewWaitMs = 3000;

/** A preview names a version that is not published beside the live release. */
class NotPublished extends Error {
  override name = 'NotPublished';
}

type PreviewConfig = Pick<
  ServerConfig,
  'deadlineMs' | 'siteOrigin' | 'previewWorkers' | 'previewIdleMs' | 'previewActiveMs' | 'workerEnv'
>;

interface Entry {
  /** Set once the manifests were read and its worker is starting. */
  pool: RendererPool | null;
  /**
   * The set it renders, set once its worker is ready (it is serving then): only such a one is
   * retired for a newer preview, and only its files are served from the page's origin.
   */
  set: RemoteSet | null;
  worker: Promise<PreviewWorker>;
  lastUsed: number;
}

/**
 * Where a published version of a remote is, found from the live release's own address: a
 * release directory serves `<app folder>/<version>/mf-manifest.json`, so a previewed version
 * sits beside the live one. Nothing else can be named: a version is one path segment of
 * URL-safe characters that cannot be `..` (versionPattern), checked when the token is read.
 */
const releaseManifestOf = (liveManifest: string, version: string): string =>
  new URL(`../${version}/mf-manifest.json`, liveManifest).href;

/**
 * Render workers for reviewers' previews, one per previewed version set. Live and starting
 * workers together, and retired ones until their thread has ended, are at most
 * `previewWorkers`. A worker asked for a page within `previewActiveMs` is in use and is never
 * taken from its reviewer; a new set over the bound takes the place of the least recently used
 * worker that is not, waits up to previewWaitMs for one, or is refused with PreviewsBusy and
 * when to come back. A start has the worker start deadline; a worker unused for
 * `previewIdleMs` is retired. Their pages are never cached.
 */
export class PreviewWorkers {
  private readonly entries = new Map<string, Entry>();
  /** Retired workers whose threads have not ended yet: they still hold memory. */
  private ending = 0;
  private readonly sweep: NodeJS.Timeout;
  /** New sets waiting for a worker: woken whenever one ends. */
  private readonly waiting = new WakeUps();

  constructor(
    private readonly config: PreviewConfig,
    private readonly shell: ShellAssets,
    /** Told of each previewed set once its worker is ready, so its beacons are known. */
    private readonly started: (set: RemoteSet) => void,
  ) {
    this.sweep = setInterval(
      () => this.retireIdle(Date.now()),
      Math.min(config.previewIdleMs, 60_000),
    );
    this.sweep.unref();
  }

  /** The sets of the previews being served now. */
  get sets(): RemoteSet[] {
    return [...this.entries.values()].flatMap((entry) => (entry.set ? [entry.set] : []));
  }

  /** Workers held now: live, starting and ending. */
  get count(): number {
    return this.entries.size + this.ending;
  }

  /** The worker of `preview`'s set over the live remotes `live`, started if need be. */
  async get(preview: Preview, live: RemoteSet): Promise<PreviewWorker> {
    const remotes: Record<RemoteAlias, string> = { ...live.browserRemotes };
    for (const [alias, version] of Object.entries(preview.releases) as [RemoteAlias, string][])
      remotes[alias] = releaseManifestOf(live.browserRemotes[alias], version);
    const key = JSON.stringify(Object.entries(remotes).sort());
    const until = Date.now() + previewWaitMs;
    for (;;) {
      const now = Date.now();
      const known = this.entries.get(key);
      if (known) {
        known.lastUsed = now;
        return known.worker;
      }
      if (this.count < this.config.previewWorkers) break;
      this.retireUnused(now);
      if (this.count < this.config.previewWorkers) break;
      const freeAt = this.freeAt();
      if (now >= until || freeAt > until)
        throw new PreviewsBusy(
          `all ${this.config.previewWorkers} preview workers are in use`,
          Math.max(1, Math.ceil((freeAt - now) / 1000)),
        );
      await this.waiting.next(Math.max(10, Math.min(until, freeAt) - now));
    }
    const entry = this.start(remotes, preview, live.remotesJson, Date.now());
    this.entries.set(key, entry);
    // A start that failed is ended and forgotten; retire() drops the key only while it is this
    // entry's, never a newer worker's that holds it now.
    entry.worker.catch(() => this.retire(key, entry, 0));
    return entry.worker;
  }

  /** When the least recently used worker stops being in use (a worker still ending: now). */
  private freeAt(): number {
    if (this.ending > 0) return Date.now();
    let oldest = Number.POSITIVE_INFINITY;
    for (const entry of this.entries.values()) oldest = Math.min(oldest, entry.lastUsed);
    return oldest + this.config.previewActiveMs;
  }

  private start(
    remotes: Record<RemoteAlias, string>,
    preview: Preview,
    remotesJson: string,
    now: number,
  ): Entry {
    // Its worker promise is made next, and reads the entry it belongs to.
    const entry = { pool: null, set: null, lastUsed: now } as Omit<Entry, 'worker'> as Entry;
    entry.worker = (async (): Promise<PreviewWorker> => {
      const set = await readRemoteSetAt(remotes, remotesJson, this.config.deadlineMs);
      if (set.down.length > 0)
        throw new NotPublished(
          `cannot read ${set.down.join(', ')}: ${Object.values(set.problems).join('; ')}`,
        );
      const released = releasesOf(set);
      for (const [alias, version] of Object.entries(preview.releases) as [RemoteAlias, string][])
        if (released[alias] !== version)
          throw new NotPublished(`${alias}@${version} is not a published release`);
      const pool = new RendererPool(
        set.key,
        rendererSetup(set, this.config, this.shell, 'preview', {
          releases: preview.releases,
          expiresAt: new Date(preview.expires * 1000).toISOString(),
        }),
        {
          size: 1,
          startDeadlineMs: workerStartDeadlineMs(this.config.deadlineMs),
          trials: false,
          env: this.config.workerEnv,
        },
      );
      entry.pool = pool;
      try {
        await pool.ready;
      } catch (error) {
        log('ERROR', 'A preview could not start', {
          releases: preview.releases,
          error: errorField(error),
        });
        throw error;
      }
      entry.set = set;
      log('NOTICE', 'Serving a preview', {
        versionSet: set.key,
        releases: preview.releases,
        workers: this.count,
      });
      this.started(set);
      return { renderer: pool, set };
    })();
    return entry;
  }

  /** Retires the least recently used worker not in use now (a start under way is left). */
  private retireUnused(now: number): void {
    let oldest: [string, Entry] | undefined;
    for (const [key, entry] of this.entries)
      if (entry.set && (!oldest || entry.lastUsed < oldest[1].lastUsed)) oldest = [key, entry];
    if (oldest && now - oldest[1].lastUsed >= this.config.previewActiveMs)
      this.retire(oldest[0], oldest[1], 0);
  }

  private retireIdle(now: number): void {
    for (const [key, entry] of this.entries)
      if (entry.set && now - entry.lastUsed > this.config.previewIdleMs) this.retire(key, entry, 0);
  }

  /** Ends a worker; it is counted until its thread has ended. */
  private retire(key: string, entry: Entry, afterMs: number): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    const pool = entry.pool;
    if (!pool) return;
    this.ending += 1;
    pool.retire(afterMs);
    void pool.ended.finally(() => {
      this.ending -= 1;
      this.waiting.wakeAll();
    });
  }

  stop(): void {
    clearInterval(this.sweep);
    for (const [key, entry] of this.entries) this.retire(key, entry, 0);
  }
}
