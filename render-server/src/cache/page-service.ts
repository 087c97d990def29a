import type { ServerConfig } from '../config';
import { errorField, errorOnce, log } from '../log';
import { releasesOf, type RemoteSet } from '../remotes/remote-set';
import { RemotePoller, type ServedSets } from '../remotes/remote-poller';
import { CanaryDecisions, type DecisionReader } from '../lanes/canary-decisions';
import { KnownSets, type KnownSet } from '../lanes/known-sets';
import { PreviewWorkers } from '../lanes/preview-workers';
import type { LaneRequest } from '../lanes/lane-request';
import type { Preview } from '../../../platform/releases/preview-token.cjs';
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
 * Pages are cached per lane and set: a canary of the very releases that are live still tags
 * its pages as the canary's, so the two are never served for each other.
 */
const cacheKey = (lane: 'live' | 'canary', renderer: Renderer) => `${lane} ${renderer.key}`;

const liveLane: LaneRequest = { kind: 'live' };

/** A page, with the set it was rendered from (the page policy allows that set's remotes). */
export interface PageAnswer {
  readonly page: ServedPage;
  readonly set: RemoteSet | undefined;
}

/**
 * Renders pages from the remotes that are live now: the poller reads the remote set every few
 * seconds, the worker swap starts a render worker for each new set and switches to it once it is
 * ready, and rendered pages are cached per set, so a page is rendered once per deploy; the last
 * good render of each path is kept for when a render fails. A canary's set has a worker swap of
 * its own, cached apart by its own key; a preview's set a worker of its own and no cache.
 */
export class PageService {
  private readonly cache: PageCache;
  private readonly workers: WorkerSwap;
  private readonly canaryWorkers: WorkerSwap;
  private readonly previews: PreviewWorkers;
  private readonly decisions: CanaryDecisions;
  /** The sets served lately, which pages' beacons may name. */
  private readonly knownSets = new KnownSets();
  private readonly remotes: RemotePoller;
  private readonly notice = servedPage(503, unavailableNotice, false);
  private readonly logOnce = errorOnce(maxFailuresRemembered);

  constructor(
    private readonly config: ServerConfig,
    shell: ShellAssets,
    decisions: DecisionReader | null = null,
  ) {
    this.cache = new PageCache(config.pageCache);
    const switched = (lane: 'live' | 'canary') => (set: RemoteSet) => {
      this.knownSets.served(set, lane, this.remotes.canary?.canary.id ?? null);
      this.keepServedPages();
    };
    this.workers = new WorkerSwap(config, shell, this.logOnce, switched('live'));
    this.canaryWorkers = new WorkerSwap(config, shell, this.logOnce, switched('canary'), 'canary');
    this.previews = new PreviewWorkers(config, shell, (set) =>
      this.knownSets.served(set, 'preview', null),
    );
    this.decisions = new CanaryDecisions(decisions, Math.max(config.pollMs, 5000));
    this.remotes = new RemotePoller(config, (sets) => this.follow(sets));
  }

  /** Live workers follow the live set; the canary's follow its set while it runs, healthy. */
  private async follow({ live, canary }: ServedSets): Promise<void> {
    await this.workers.follow(live);
    const serving =
      canary !== null &&
      canary.set.down.length === 0 &&
      !(await this.decisions.isRolledBack(canary.canary.id));
    if (serving) await this.canaryWorkers.follow(canary.set);
    else if (this.canaryWorkers.live || canary === null) {
      if (this.canaryWorkers.live)
        log('NOTICE', 'The canary ended; every visitor gets the live set');
      this.canaryWorkers.clear();
      this.keepServedPages();
    }
  }

  /** Pages of sets no longer served are dropped from the cache. */
  private keepServedPages(): void {
    this.cache.keepOnly(
      [
        this.workers.live && cacheKey('live', this.workers.live),
        this.canaryWorkers.live && cacheKey('canary', this.canaryWorkers.live),
      ].filter((key): key is string => typeof key === 'string'),
    );
  }

  /**
   * The set a page's field data names, if it was served lately: a live page's data counts
   * toward the canary running now (it is what the canary is compared with).
   */
  fieldSet(id: string): KnownSet | undefined {
    const known = this.knownSets.find(id);
    if (known?.lane !== 'live') return known;
    return { ...known, canary: this.canary?.id ?? null };
  }

  /** The canary in force (read, ready to serve), if any: visitors are drawn into it. */
  get canary(): { readonly id: string; readonly share: number } | null {
    const running = this.remotes.canary;
    if (!running || this.canaryWorkers.live?.key !== running.set.key) return null;
    return { id: running.canary.id, share: running.canary.share };
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
    this.canaryWorkers.stop();
    this.previews.stop();
  }

  /**
   * The page at `pathname` (a route's canonical path, or notFoundPath) for a visitor of `lane`,
   * rendered now or from the cache; never throws.
   */
  async page(pathname: string, lane: LaneRequest = liveLane): Promise<PageAnswer> {
    if (lane.kind === 'preview') return this.previewPage(pathname, lane.preview);
    const canary = this.remotes.canary;
    const canaryRenderer = this.canaryWorkers.live;
    if (lane.kind === 'canary' && canary && canaryRenderer?.key === canary.set.key) {
      const page = await this.cache.get(cacheKey('canary', canaryRenderer), pathname, () =>
        this.render(canaryRenderer, pathname, 'canary'),
      );
      // A canary page that could not be rendered is the live one: its visitors are not let down.
      if (page) return { page, set: canary.set };
    }
    const renderer = this.remotes.set?.down.includes('remote-shared') ? null : this.workers.live;
    if (!renderer)
      return { page: await this.fallback(pathname), set: this.remotes.set ?? undefined };
    const page = await this.cache.get(cacheKey('live', renderer), pathname, () =>
      this.render(renderer, pathname, 'live'),
    );
    return { page: page ?? (await this.fallback(pathname)), set: this.remotes.set ?? undefined };
  }

  /** A reviewer's page: its own worker, never cached; a failure is said plainly. */
  private async previewPage(pathname: string, preview: Preview): Promise<PageAnswer> {
    const live = this.remotes.set;
    try {
      if (!live) throw new Error('the live remotes have not been read yet');
      const { renderer, set } = await this.previews.get(preview, live);
      const rendered = await renderer.render(
        pathname,
        pageRenderDeadlineMs(this.config.deadlineMs),
      );
      if (rendered.failure) this.logFailure(renderer.key, pathname, rendered.failure);
      if (rendered.failure?.kind === 'threw') return { page: await this.notice, set };
      return { page: await servedPage(rendered.status, rendered.html, false), set };
    } catch (error) {
      this.logOnce(`preview|${pathname}`, `${pathname} could not be rendered for a preview`, {
        route: pathname,
        error: errorField(error),
      });
      return { page: await this.notice, set: live ?? undefined };
    }
  }

  /** A render of the page, or undefined when it threw (the caller serves what stands in). */
  private async render(
    renderer: Renderer,
    pathname: string,
    lane: 'live' | 'canary',
  ): Promise<ServedPage | undefined> {
    try {
      const rendered = await renderer.render(
        pathname,
        pageRenderDeadlineMs(this.config.deadlineMs),
      );
      if (rendered.failure) this.logFailure(renderer.key, pathname, rendered.failure);
      // A page that threw is not the page: its last good render, or an honest 503.
      if (rendered.failure?.kind === 'threw') return undefined;
      // A private page is never kept, here or by a CDN (sent with no-store).
      const cacheable = rendered.complete && !isClientOnly(pathname);
      const page = await servedPage(rendered.status, rendered.html, cacheable);
      if (cacheable && rendered.status === 200)
        this.cache.keep(cacheKey(lane, renderer), pathname, page, lane === 'live');
      return page;
    } catch (error) {
      this.logFailure(renderer.key, pathname, { kind: 'threw', ...errorField(error) });
      return undefined;
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
