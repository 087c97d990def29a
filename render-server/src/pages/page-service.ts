import type { ServerConfig } from '../config';
import { errorField, type LogFields } from '../log';
import { releasesOf, type RemoteSet } from '../remotes/remote-set';
import type { LaneRequest } from '../lanes/lane-request';
import { PreviewsBusy } from '../lanes/preview-workers';
import type { LaneSet, ReleaseLanes } from '../lanes/release-lanes';
import type { RenderFailure } from '../../../platform/render-protocol/worker-protocol';
import { isClientOnly } from '../../../platform/routes/routes.cjs';
import { pageRenderDeadlineMs } from '../../../platform/deadlines.cjs';
import { SlowRoute, type RendererPool } from '../worker/renderer-pool';
import { RenderOverrun } from '../worker/renderer';
import { servedPage, type ServedPage } from './served-page';
import { previewsBusyNotice, unavailableNotice } from './notices';
import { PageCache } from './page-cache';

const liveLane: LaneRequest = { kind: 'live' };

/** A page, with the set it was rendered from (the page policy allows that set's remotes). */
export interface PageAnswer {
  readonly page: ServedPage;
  readonly set: RemoteSet | undefined;
}

type ErrorLog = (key: string, message: string, fields: LogFields) => void;

/** A render that failed in the server rather than in the page: what it was, for the log. */
type Failure = RenderFailure | { readonly kind: 'overran'; readonly message: string };

/** Why a render was given up: its page overran its deadline (now or lately), or it threw. */
const failureOf = (error: unknown): Failure =>
  error instanceof RenderOverrun || error instanceof SlowRoute
    ? { kind: 'overran', message: error.message }
    : { kind: 'threw', ...errorField(error) };

/**
 * Composes pages: it asks the release lanes which set serves a request, renders the page with
 * that set's workers (each render within the page render deadline), and keeps rendered pages
 * per lane and set, so a page is rendered once per deploy; the last good render of each path is
 * kept for when a render fails. A preview's pages are never cached.
 */
export class PageService {
  private readonly cache: PageCache;
  private readonly notice = servedPage(503, unavailableNotice, false);

  constructor(
    private readonly config: Pick<ServerConfig, 'pageCache' | 'deadlineMs'>,
    private readonly lanes: ReleaseLanes,
    private readonly logOnce: ErrorLog,
  ) {
    this.cache = new PageCache(config.pageCache);
    // Pages of sets no longer served are dropped from the cache.
    lanes.onServedChange((keys) => this.cache.keepOnly(keys));
  }

  /**
   * The page at `pathname` (a route's canonical path, or notFoundPath) for a visitor of `lane`,
   * rendered now or from the cache; never throws.
   */
  async page(pathname: string, lane: LaneRequest = liveLane): Promise<PageAnswer> {
    let serving: LaneSet;
    try {
      serving = await this.lanes.serving(lane);
    } catch (error) {
      if (error instanceof PreviewsBusy) {
        const seconds = error.retryAfterSeconds;
        const page = await servedPage(503, previewsBusyNotice(seconds), false);
        return { page: { ...page, retryAfterSeconds: seconds }, set: this.lanes.remoteSet };
      }
      this.logOnce(`preview|${pathname}`, `${pathname} could not be rendered for a preview`, {
        route: pathname,
        error: errorField(error),
      });
      return { page: await this.notice, set: this.lanes.remoteSet };
    }
    if (serving.kind === 'preview') return this.previewPage(pathname, serving);
    if (serving.kind === 'canary') {
      const { renderer, cacheKey, set } = serving;
      const page = await this.cache.get(cacheKey, pathname, () =>
        this.render(renderer, pathname, cacheKey, false),
      );
      // A canary page that could not be rendered is the live one: its visitors are not let down.
      if (page) return { page, set };
      serving = this.lanes.live();
    }
    if (serving.kind !== 'live') return { page: await this.fallback(pathname), set: serving.set };
    const { renderer, cacheKey } = serving;
    const page = await this.cache.get(cacheKey, pathname, () =>
      this.render(renderer, pathname, cacheKey, true),
    );
    return { page: page ?? (await this.fallback(pathname)), set: serving.set };
  }

  /** A reviewer's page: its own worker, never cached; a failure is said plainly. */
  private async previewPage(
    pathname: string,
    { renderer, set }: { renderer: RendererPool; set: RemoteSet },
  ): Promise<PageAnswer> {
    try {
      const rendered = await renderer.render(
        pathname,
        pageRenderDeadlineMs(this.config.deadlineMs),
      );
      if (rendered.failure) this.logFailure(renderer.key, set, pathname, rendered.failure);
      if (rendered.failure?.kind === 'threw') return { page: await this.notice, set };
      return { page: await servedPage(rendered.status, rendered.html, false), set };
    } catch (error) {
      this.logOnce(`preview|${pathname}`, `${pathname} could not be rendered for a preview`, {
        route: pathname,
        error: errorField(error),
      });
      return { page: await this.notice, set };
    }
  }

  /** A render of the page, or undefined when it failed (the caller serves what stands in). */
  private async render(
    renderer: RendererPool,
    pathname: string,
    cacheKey: string,
    live: boolean,
  ): Promise<ServedPage | undefined> {
    const set = this.lanes.remoteSet;
    try {
      const rendered = await renderer.render(
        pathname,
        pageRenderDeadlineMs(this.config.deadlineMs),
      );
      if (rendered.failure) this.logFailure(renderer.key, set, pathname, rendered.failure);
      // A page that threw, or whose module its release does not have, is not the page: its
      // last good render, or an honest 503. A remote that did not answer in time is drawn
      // unavailable, as the browser draws it.
      if (rendered.failure && rendered.failure.kind !== 'unavailable') return undefined;
      // A private page is never kept, here or by a CDN (sent with no-store).
      const cacheable = rendered.complete && !isClientOnly(pathname);
      const page = await servedPage(rendered.status, rendered.html, cacheable);
      if (cacheable && rendered.status === 200) this.cache.keep(cacheKey, pathname, page, live);
      return page;
    } catch (error) {
      this.logFailure(renderer.key, set, pathname, failureOf(error));
      return undefined;
    }
  }

  /** When nothing can be rendered: the last good render of the path, else the plain notice. */
  private async fallback(pathname: string): Promise<ServedPage> {
    const last = this.cache.lastGoodOf(pathname);
    return last ? { ...last, cacheable: false } : this.notice;
  }

  private logFailure(
    versionSet: string,
    set: RemoteSet | undefined,
    route: string,
    failure: Failure,
  ): void {
    const serving = this.cache.lastGoodOf(route) !== undefined ? 'its last good render' : 'a 503';
    this.logOnce(
      `${failure.kind}|${versionSet}|${route}`,
      failure.kind === 'overran'
        ? `${route} overran its render deadline (${failure.message}); serving ${serving}`
        : failure.kind === 'threw'
          ? `${route} threw while rendering; serving ${serving}`
          : failure.kind === 'not-loaded'
            ? `${route} could not load its page (${failure.message}); serving ${serving}`
            : `${route} could not load its page in time, drawn unavailable: ${failure.message}`,
      {
        route,
        versionSet,
        releases: set ? releasesOf(set) : undefined,
        error: { message: failure.message, stack: 'stack' in failure ? failure.stack : undefined },
      },
    );
  }
}
