import { LRUCache } from 'lru-cache';
import type { Beacon, MetricName } from '../../../platform/field-data/beacon.cjs';

interface Counted {
  view: boolean;
  error: boolean;
  failedLoad: boolean;
  readonly metrics: Set<MetricName>;
}

/**
 * What each page view's token has counted already: a view, an error, a failed load and each
 * metric count once per token, however often it is sent again (a page sends a few beacons, a
 * forger may replay one). Views are remembered as long as their token is good, a bounded number
 * (past it the oldest go: a token replayed after that could count once more, which takes more
 * views than the bound within a token's lifetime, each fetched within the rate limit).
 * @returns `take(viewId, beacon)`: the beacon with only what its view has not counted yet
 */
export function createSeenViews(settings: { max: number; ttlMs: number }) {
  const seen = new LRUCache<string, Counted>({ max: settings.max, ttl: settings.ttlMs });
  return function take(viewId: string, beacon: Beacon): Beacon & { repeated: boolean } {
    const known = seen.get(viewId);
    const counted = known ?? { view: false, error: false, failedLoad: false, metrics: new Set() };
    const view = beacon.view && !counted.view;
    const error = beacon.errors > 0 && !counted.error;
    const failedLoad = beacon.failedLoads > 0 && !counted.failedLoad;
    const metrics: Beacon['metrics'] = {};
    for (const [name, value] of Object.entries(beacon.metrics) as [MetricName, number][])
      if (!counted.metrics.has(name)) {
        metrics[name] = value;
        counted.metrics.add(name);
      }
    counted.view ||= view;
    counted.error ||= error;
    counted.failedLoad ||= failedLoad;
    // A view is remembered a token's lifetime from its first beacon (then its token is void).
    if (!known) seen.set(viewId, counted);
    const repeated =
      view !== beacon.view ||
      error !== beacon.errors > 0 ||
      failedLoad !== beacon.failedLoads > 0 ||
      Object.keys(metrics).length !== Object.keys(beacon.metrics).length;
    return {
      ...beacon,
      view,
      errors: error ? 1 : 0,
      failedLoads: failedLoad ? 1 : 0,
      metrics,
      repeated,
    };
  };
}
