import type { ServerConfig } from '../config';
import { errorField, errorOnce } from '../log';
import { releasesOf, type RemoteSet } from '../remotes/remote-set';
import { RemotePoller } from '../remotes/remote-poller';
import type { RenderFailure, ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import { isClientOnly } from '../../../platform/routes/routes.cjs';
import type { Renderer } from '../worker/renderer';
import { WorkerSwap } from '../worker/worker-swap';
import { servedPage, type ServedPage } from '../http/served-page';
import { unavailableNotice } from '../http/unavailable-notice';
import { PageCache } from './page-cache';
import { pageRenderDeadlineMs } from '../../../platform/deadlines.cjs';

/**
 * The path every unknown address is rendered as: the 404 page does not depend on the address,
 * so it is rendered and kept once, not once per path a visitor (or an attacker) makes up.
 */
export const notFoundPath = '/__not-found';

/** Failures already logged (version set, path, kind): a broken page is logged once, not per request. */
const maxFailuresRemembered = 256;

/**
 * Renders pages from the remotes that are live now: the poller reads the remote set every few
 * seconds, the worker swap starts a render worker for each new set and switches to it once it is
 * ready, and rendered pages are cached per set, so a page is rendered once per deploy; the last
 * good render of each path is kept for when a render fails.
 */
export class PageService {
  private readonly cache: PageCache;
  private readonly workers: WorkerSwap;
  private readonly remotes: RemotePoller;
  private readonly notice = servedPage(503, unavailableNotice, false);
  private readonly logOnce = errorOnce(maxFailuresRemembered);

  constructor(
    private readonly config: ServerConfig,
    shell: ShellAssets,
  ) {
    this.cache = new PageCache(config.pageCache);
    this.workers = new WorkerSwap(config, shell, this.logOnce, (versionSet) =>
      this.cache.keepOnly(versionSet),
    );
    this.remotes = new RemotePoller(config, (set) => this.workers.follow(set));
  }

  /** The remote set in force, for what else follows the remotes (page policy, fonts, remotes.json). */
  get remoteSet(): RemoteSet | undefined {
    return this.remotes.set ?? undefined;
  }

  /** Calls `listener` with every remote set read; returns what stops it. */
  onRemoteSet(listener: (set: RemoteSet) => void): () => void {
    return this.remotes.onSet(listener);
  }

  /** Reads the remotes once (so the first page is rendered from them), then keeps watching. */
  start(): Promise<void> {
    return this.remotes.start();
  }

  stop(): void {
    this.remotes.stop();
    this.workers.stop();
  }

  /**
   * The page at `pathname` (a route's canonical path, or notFoundPath), rendered now or from the
   * cache; never throws.
   */
  async page(pathname: string): Promise<ServedPage> {
    const renderer = this.remotes.set?.down.includes('remote-shared') ? null : this.workers.live;
    if (!renderer) return this.fallback(pathname);
    return this.cache.get(renderer.key, pathname, () => this.render(renderer, pathname));
  }

  private async render(renderer: Renderer, pathname: string): Promise<ServedPage> {
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
      if (cacheable && rendered.status === 200) this.cache.keep(renderer.key, pathname, page);
      return page;
    } catch (error) {
      this.logFailure(renderer.key, pathname, { kind: 'threw', ...errorField(error) });
      return this.fallback(pathname);
    }
  }

  /** When nothing can be rendered: the last good render of the path, else the plain notice. */
  private async fallback(pathname: string): Promise<ServedPage> {
    const last = this.cache.lastGoodOf(pathname);
    return last ? { ...last, cacheable: false } : this.notice;
  }

  private logFailure(versionSet: string, route: string, failure: RenderFailure): void {
    const lastGood = this.cache.lastGoodOf(route) !== undefined;
    const set = this.remotes.set;
    this.logOnce(
      `${failure.kind}|${versionSet}|${route}`,
      failure.kind === 'threw'
        ? `${route} threw while rendering; serving ${lastGood ? 'its last good render' : 'a 503'}`
        : `${route} rendered without its remote, which did not answer in time`,
      {
        route,
        versionSet,
        releases: set ? releasesOf(set) : undefined,
        error: { message: failure.message, stack: failure.stack },
      },
    );
  }
}
