import type { ServerConfig } from '../config';
import { errorField, log } from '../log';
import type { RemoteAlias } from '../../../platform/routes/routes.cjs';
import { confirmOutages, readRemoteSet, type RemoteSet } from './remote-set';

type PollerConfig = Pick<ServerConfig, 'remotesJson' | 'deadlineMs' | 'pollMs'>;

/**
 * The one reader of remotes.json and the remotes' manifests: it reads them every few seconds and
 * hands each set read to `follow` (the render workers), awaited before the next read, and to the
 * listeners, which must not hold the poll. Outages and an unreadable remotes.json are logged once.
 */
export class RemotePoller {
  private current: RemoteSet | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly failures = new Map<RemoteAlias, number>();
  private remotesJsonUnreadable = false;
  private readonly listeners = new Set<(set: RemoteSet) => void>();

  constructor(
    private readonly config: PollerConfig,
    private readonly follow: (set: RemoteSet) => Promise<void>,
  ) {}

  /** The remote set in force: the last one read. */
  get set(): RemoteSet | null {
    return this.current;
  }

  /** Calls `listener` with every set read; returns what stops it. */
  onSet(listener: (set: RemoteSet) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the remotes once (so the first page is rendered from them), then keeps watching. */
  async start(): Promise<void> {
    await this.refresh();
    const poll = () => {
      this.timer = setTimeout(() => void this.refresh().finally(poll), this.config.pollMs);
      this.timer.unref();
    };
    poll();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private async refresh(): Promise<void> {
    let set: RemoteSet;
    try {
      set = confirmOutages(
        this.current,
        await readRemoteSet(this.config.remotesJson, this.config.deadlineMs),
        this.failures,
      );
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
    for (const listener of this.listeners) listener(set);
    await this.follow(set);
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
