import { LRUCache } from 'lru-cache';
import type { Lane } from '../../../platform/field-data/aggregates.cjs';
import { clientBudget } from '../../../platform/field-data/client-budget.cjs';

/** What one beacon may add: a view, a view with an error, a view with a failed load (0 or 1). */
export interface Counted {
  readonly view: boolean;
  readonly error: 0 | 1;
  readonly failedLoad: 0 | 1;
}

interface Spent {
  since: number;
  views: number;
  errorViews: number;
  failedLoadViews: number;
}

/**
 * Each client's budget per lane and hour (by default platform/field-data/client-budget.cjs; the
 * failed loads share the errors' limit): a beacon adds
 * at most one view, one error and one failed load, and only while its client has budget left.
 * The budgets live in a bounded LRU map (a client forgotten starts afresh: at most one more
 * budget per eviction, which a flood of made-up clients pays for with its rate limit).
 * @returns `count(client, lane, beacon)`: what the beacon adds, and whether it was cut
 */
export function createClientBudgets(
  maxClients: number,
  limits: { views: number; errorViews: number } = clientBudget,
) {
  const spent = new LRUCache<string, Spent>({ max: maxClients });
  return function count(
    client: string,
    lane: Lane,
    beacon: { view: boolean; errors: number; failedLoads: number },
    now: number = Date.now(),
  ): Counted & { cut: boolean } {
    const key = `${lane} ${client}`;
    let entry = spent.get(key);
    if (!entry || now - entry.since >= clientBudget.windowMs || now < entry.since)
      entry = { since: now, views: 0, errorViews: 0, failedLoadViews: 0 };
    const view = beacon.view && entry.views < limits.views;
    const error = beacon.errors > 0 && entry.errorViews < limits.errorViews ? 1 : 0;
    const failedLoad = beacon.failedLoads > 0 && entry.failedLoadViews < limits.errorViews ? 1 : 0;
    entry.views += view ? 1 : 0;
    entry.errorViews += error;
    entry.failedLoadViews += failedLoad;
    spent.set(key, entry);
    const cut =
      view !== beacon.view ||
      error !== Math.min(1, beacon.errors) ||
      failedLoad !== Math.min(1, beacon.failedLoads);
    return { view, error, failedLoad, cut };
  };
}
