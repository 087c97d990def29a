import { LRUCache } from 'lru-cache';
import type { ServedPage } from './served-page';

/**
 * How many rendered pages are kept. Keys are a version set and a route's canonical path (or the
 * 404 page), so a handful are in use; the bound holds whatever comes in.
 */
const maxPagesKept = 64;

/**
 * Rendered pages per version set and path, one render per page at a time, and the last good
 * render of each path (of any version set) for when a render fails.
 */
export class PageCache {
  private readonly pages = new LRUCache<string, ServedPage>({ max: maxPagesKept });
  private readonly lastGood = new LRUCache<string, ServedPage>({ max: maxPagesKept });
  /** Renders under way, so that many visitors asking for one page at once cause one render. */
  private readonly rendering = new Map<string, Promise<ServedPage | undefined>>();

  /** `enabled` false (PAGE_CACHE off): every request renders; only the last good is kept. */
  constructor(private readonly enabled: boolean) {}

  /** The page from the cache, from a render of it already under way, or from `render`. */
  async get(
    versionSet: string,
    pathname: string,
    render: () => Promise<ServedPage | undefined>,
  ): Promise<ServedPage | undefined> {
    const key = `${versionSet}|${pathname}`;
    const cached = this.pages.get(key);
    if (cached) return cached;
    if (!this.enabled) return render();
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render().finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  /**
   * Keeps a good render for its version set, and (a live set's) as the path's last good one:
   * what stands in for a failed render is always a page of a set everyone was served.
   */
  keep(versionSet: string, pathname: string, page: ServedPage, lastGood: boolean): void {
    if (this.enabled) this.pages.set(`${versionSet}|${pathname}`, page);
    if (lastGood) this.lastGood.set(pathname, page);
  }

  lastGoodOf(pathname: string): ServedPage | undefined {
    return this.lastGood.get(pathname);
  }

  /** Drops the pages of every other version set: they are served no more. */
  keepOnly(versionSets: readonly string[]): void {
    for (const key of [...this.pages.keys()])
      if (!versionSets.some((set) => key.startsWith(`${set}|`))) this.pages.delete(key);
  }
}
