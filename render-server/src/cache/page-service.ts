import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ServerConfig } from '../config';
import { errorField, log } from '../log';
import { confirmOutages, readRemoteSet, releasesOf, type RemoteSet } from '../remotes/remote-set';
import type { RenderFailure } from '../../../platform/render-protocol/worker-protocol';
import { isClientOnly, type RemoteAlias } from '../../../platform/routes/routes.cjs';
import { pageRenderDeadlineMs, retiredWorkerGraceMs } from '../../../platform/deadlines.cjs';
import { Renderer } from '../worker/renderer';
import type { ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import { unavailableNotice } from '../http/site-files';

/**
 * The path every unknown address is rendered as: the 404 page does not depend on the address,
 * so it is rendered and kept once, not once per path a visitor (or an attacker) makes up.
 */
export const notFoundPath = '/__not-found';

/**
 * How many rendered pages are kept. Keys are a version set and a route's canonical path (or the
 * 404 page), so a handful are in use; the bound holds whatever comes in.
 */
const maxPagesKept = 64;

/** Failures already logged (version set, path, kind): a broken page is logged once, not per request. */
const maxFailuresRemembered = 256;

/** A page ready to send, with its compressed forms made once. */
export interface ServedPage {
  readonly status: 200 | 404 | 503;
  readonly html: string;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
  readonly etag: string;
  /** Worth a CDN's cache: a whole page from one known set of remote versions. */
  readonly cacheable: boolean;
}

const compress = {
  gzip: promisify(gzip),
  brotli: promisify(brotliCompress),
};

/** A page ready to send. Compression runs off the main thread, at a level worth its time. */
async function servedPage(
  status: ServedPage['status'],
  html: string,
  cacheable: boolean,
): Promise<ServedPage> {
  const [gzipped, brotli] = await Promise.all([
    compress.gzip(html, { level: 6 }),
    compress.brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ]);
  return {
    status,
    html,
    gzip: gzipped,
    brotli,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    cacheable,
  };
}

/**
 * Renders pages from the remotes that are live now. It re-reads remotes.json and the remotes'
 * manifests every few seconds; when a version changes it starts a new render worker for the
 * new set, switches to it once it is ready and retires the old one. Rendered pages are cached
 * per set, so a page is rendered once per deploy; the last good render of each path is kept
 * for when a render fails.
 */
export class PageService {
  private set: RemoteSet | null = null;
  private renderer: Renderer | null = null;
  private starting: Renderer | null = null;
  private readonly cache = new LRUCache<string, ServedPage>({ max: maxPagesKept });
  private readonly lastGood = new LRUCache<string, ServedPage>({ max: maxPagesKept });
  private readonly notice = servedPage(503, unavailableNotice, false);

  private readonly logged = new LRUCache<string, true>({ max: maxFailuresRemembered });
  private remotesJsonUnreadable = false;

  private timer: NodeJS.Timeout | undefined;
  private readonly failures = new Map<RemoteAlias, number>();
  /** Renders under way, so that many visitors asking for one page at once cause one render. */
  private readonly rendering = new Map<string, Promise<ServedPage>>();

  constructor(
    private readonly config: ServerConfig,
    private readonly shell: ShellAssets,
  ) {}

  /** The remotes.json in force, for the client-rendered fallback page. */
  get remotesJson(): string | undefined {
    return this.set?.remotesJson;
  }

  /** Where each remote's browser build is, as the remotes.json in force says. */
  get browserRemotes(): Readonly<Record<RemoteAlias, string>> | undefined {
    return this.set?.browserRemotes;
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
    this.renderer?.retire(0);
    this.starting?.retire(0);
  }

  private async refresh(): Promise<void> {
    let set: RemoteSet;
    try {
      set = confirmOutages(
        this.set,
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
    this.logOutages(this.set, set);
    this.set = set;
    const live = this.renderer;
    if (set.down.includes('remote-shared')) return;
    if ((live?.key === set.key && live.alive) || this.starting?.key === set.key) return;
    const next = new Renderer(set.key, {
      serverRemotes: set.serverRemotes,
      browserRemotes: set.browserRemotes,
      manifests: set.manifests,
      down: set.down,
      deadlineMs: this.config.deadlineMs,
      siteOrigin: this.config.siteOrigin,
      shell: this.shell,
    });
    this.starting?.retire(0);
    this.starting = next;
    try {
      await next.ready;
    } catch (error) {
      this.logOnce(`start|${set.key}`, 'A render worker could not start; trying again shortly', {
        versionSet: set.key,
        releases: releasesOf(set),
        error: errorField(error),
      });
      if (this.starting === next) this.starting = null;
      return;
    }
    if (this.starting !== next) return;
    this.starting = null;
    this.renderer = next;
    log('NOTICE', 'Serving a new version set', {
      versionSet: next.key,
      releases: releasesOf(set),
      previous: live ? live.key : null,
    });
    live?.retire(retiredWorkerGraceMs);
    for (const key of [...this.cache.keys()])
      if (!key.startsWith(`${next.key}|`)) this.cache.delete(key);
  }

  /**
   * The page at `pathname` (a route's canonical path, or notFoundPath), rendered now or from the
   * cache; never throws.
   */
  async page(pathname: string): Promise<ServedPage> {
    const renderer = this.set?.down.includes('remote-shared') ? null : this.renderer;
    if (!renderer) return this.fallback(pathname);
    const key = `${renderer.key}|${pathname}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    if (!this.config.pageCache) return this.render(renderer, pathname, key);
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.render(renderer, pathname, key).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private async render(renderer: Renderer, pathname: string, key: string): Promise<ServedPage> {
    try {
      const rendered = await renderer.render(
        pathname,
        pageRenderDeadlineMs(this.config.deadlineMs),
      );
      if (rendered.failure) this.logFailure(renderer.key, pathname, rendered.failure);
      // A page that threw is not the page: its last good render, or an honest 503.
      if (rendered.failure?.kind === 'threw') return this.fallback(pathname);
      // A private page is never kept, here or by a CDN (sent with no-store).
      const cacheable = rendered.complete && !isClientOnly(pathname);
      const page = await servedPage(rendered.status, rendered.html, cacheable);
      if (cacheable && rendered.status === 200) {
        if (this.config.pageCache) this.cache.set(key, page);
        this.lastGood.set(pathname, page);
      }
      return page;
    } catch (error) {
      this.logFailure(renderer.key, pathname, { kind: 'threw', ...errorField(error) });
      return this.fallback(pathname);
    }
  }

  /** When nothing can be rendered: the last good render of the path, else the plain notice. */
  private async fallback(pathname: string): Promise<ServedPage> {
    const last = this.lastGood.get(pathname);
    return last ? { ...last, cacheable: false } : this.notice;
  }

  private logFailure(versionSet: string, route: string, failure: RenderFailure): void {
    const lastGood = this.lastGood.has(route);
    this.logOnce(
      `${failure.kind}|${versionSet}|${route}`,
      failure.kind === 'threw'
        ? `${route} threw while rendering; serving ${lastGood ? 'its last good render' : 'a 503'}`
        : `${route} rendered without its remote, which did not answer in time`,
      {
        route,
        versionSet,
        releases: this.set ? releasesOf(this.set) : undefined,
        error: { message: failure.message, stack: failure.stack },
      },
    );
  }

  /** Logs an error the first time `key` is seen, so a broken page is one line, not one per request. */
  private logOnce(key: string, message: string, fields: Record<string, unknown>): void {
    if (this.logged.has(key)) return;
    this.logged.set(key, true);
    log('ERROR', message, fields);
  }

  /** Remotes going down and coming back, each said once. */
  private logOutages(previous: RemoteSet | null, next: RemoteSet): void {
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
}
