import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { errorField, log } from '../log';
import type { RemoteAlias } from '../../../platform/routes/routes.cjs';
import type { Canary } from '../../../platform/remotes/remotes-json.cjs';
import { confirmOutages, readPointer, readRemoteSetAt, type RemoteSet } from './remote-set';

/** What remotes.json says to serve: the live set, and a canary's set beside it when one runs. */
export interface ServedSets {
  readonly live: RemoteSet;
  readonly canary: { readonly canary: Canary; readonly set: RemoteSet } | null;
}

type PollerConfig = Pick<ServerConfig, 'remotesJson' | 'deadlineMs' | 'pollMs'>;

/**
 * The one reader of remotes.json and the remotes' manifests: it reads them every few seconds and
 * hands the sets read to `follow` (the render workers) and the live set to the listeners. It
 * never waits on either: a worker start that hangs cannot hold the next read, so a rollback is
 * read within one poll whatever else hangs. A remotes.json on this machine's disk is also
 * watched, so a rollback written to it is read at once rather than at the next poll. Outages
 * and an unreadable remotes.json are logged once.
 */
export class RemotePoller {
  private current: RemoteSet | null = null;
  private currentCanary: ServedSets['canary'] = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly failures = new Map<RemoteAlias, number>();
  private readonly canaryFailures = new Map<RemoteAlias, number>();
  private remotesJsonUnreadable = false;
  private readonly listeners = new Set<(set: RemoteSet) => void>();
  /** The last hand-over to `follow`, which start() waits for (bounded by the worker deadlines). */
  private following: Promise<void> = Promise.resolve();
  /** The read under way, and whether another was asked for meanwhile. */
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private watcher: fs.FSWatcher | undefined;

  constructor(
    private readonly config: PollerConfig,
    private readonly follow: (sets: ServedSets) => Promise<void>,
  ) {}

  /** The live remote set in force: the last one read. */
  get set(): RemoteSet | null {
    return this.current;
  }

  /** The canary running, with its set, as last read. */
  get canary(): ServedSets['canary'] {
    return this.currentCanary;
  }

  /** Calls `listener` with every set read; returns what stops it. */
  onSet(listener: (set: RemoteSet) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reads the remotes once and waits for the workers to follow (so the first page is rendered
   * from them; a start that hangs ends at its deadline), then keeps watching.
   */
  async start(): Promise<void> {
    await this.refresh();
    const poll = () => {
      this.timer = setTimeout(() => void this.refresh().finally(poll), this.config.pollMs);
      this.timer.unref();
    };
    poll();
    this.watch();
    await this.following;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
  }

  /** Reads again whenever remotes.json is replaced, if it is a file (the poll stays). */
  private watch(): void {
    if (/^https?:/.test(this.config.remotesJson)) return;
    const file = path.resolve(this.config.remotesJson);
    try {
      // The folder, not the file: a pointer is replaced by a rename, which ends a file's watch.
      this.watcher = fs.watch(path.dirname(file), (_event, name) => {
        if (name === path.basename(file)) void this.refresh();
      });
      this.watcher.on('error', () => this.watcher?.close());
      this.watcher.unref();
    } catch {
      // Not watchable here: the poll alone reads it.
    }
  }

  /** One read at a time, in order: a read asked for during one runs once it has ended. */
  private refresh(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        await this.readOnce();
      } while (this.readAgain);
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    let set: RemoteSet;
    let canary: ServedSets['canary'] = null;
    try {
      const pointer = await readPointer(this.config.remotesJson, this.config.deadlineMs);
      const reading = (remotes: RemoteSet['browserRemotes']) =>
        readRemoteSetAt(remotes, pointer.text, this.config.deadlineMs);
      const [live, candidate] = await Promise.all([
        reading(pointer.live),
        pointer.canary ? reading({ ...pointer.live, ...pointer.canary.remotes }) : null,
      ]);
      set = confirmOutages(this.current, live, this.failures);
      if (pointer.canary && candidate) {
        const before =
          this.currentCanary?.canary.id === pointer.canary.id ? this.currentCanary : null;
        canary = {
          canary: pointer.canary,
          set: confirmOutages(before?.set ?? null, candidate, this.canaryFailures),
        };
      }
    } catch (error) {
      if (!this.remotesJsonUnreadable)
        log('ERROR', 'Cannot read remotes.json; the remotes in force stay', {
          remotesJson: this.config.remotesJson,
          error: errorField(error),
        });
      this.remotesJsonUnreadable = true;
      return;
    }
    if (this.remotesJsonUnreadable) log('NOTICE', 'remotes.json can be read again');
    this.remotesJsonUnreadable = false;
    logOutages(this.current, set);
    this.current = set;
    this.currentCanary = canary;
    for (const listener of this.listeners) listener(set);
    this.following = this.follow({ live: set, canary }).catch((error: unknown) =>
      log('ERROR', 'The render workers could not follow the remotes read', {
        error: errorField(error),
      }),
    );
  }
}

/** Remotes going down and coming back, each said once. */
function logOutages(previous: RemoteSet | null, next: RemoteSet): void {
  for (const alias of next.down)
    if (!previous?.down.includes(alias))
      log('WARNING', `${alias} is down; its pages are drawn unavailable`, {
        remote: alias,
        url: next.browserRemotes[alias],
        error: next.problems[alias],
      });
  for (const alias of previous?.down ?? [])
    if (!next.down.includes(alias))
      log('NOTICE', `${alias} is back`, { remote: alias, url: next.browserRemotes[alias] });
}
