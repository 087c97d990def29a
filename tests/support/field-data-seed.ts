import type { Firestore } from 'firebase-admin/firestore';
import {
  aggregateIdOf,
  aggregatesCollection,
  servedCollection,
  servedIdOf,
  zeroCounts,
  type MinuteAggregate,
} from '../../platform/field-data/aggregates.cjs';
import { bucketOf, upperBoundOf } from '../../platform/field-data/histogram.cjs';

/** A histogram of `values`, counted as the render server counts them. */
export function histogramOf(
  metric: 'LCP' | 'INP' | 'CLS',
  values: number[],
): Record<string, number> {
  const histogram: Record<string, number> = {};
  for (const value of values) {
    const key = bucketOf(metric, value);
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
}

/** `count` copies of `value`. */
export const times = (count: number, value: number): number[] =>
  Array(count).fill(value) as number[];

const hex6 = (value: number) => value.toString(16).padStart(6, '0');

/**
 * Client marks of `views` views from as many visitors, four to a network, the first `badViews`
 * of them with an error or a failed load (`from` numbers the visitors, so that minutes seeded
 * apart are different visitors).
 */
export function visitorMarks(
  views: number,
  badViews: number,
  from = 0,
): Pick<MinuteAggregate, 'clients' | 'badClients'> {
  const clients: Record<string, number> = {};
  const badClients: Record<string, number> = {};
  for (let view = 0; view < Math.max(views, badViews); view += 1) {
    const visitor = from + view;
    const mark = `c${hex6(Math.floor(visitor / 4))}${hex6(visitor)}`;
    if (view < views) clients[mark] = 1;
    if (view < badViews) badClients[mark] = 1;
  }
  return { clients, badClients };
}

/**
 * Each visitor's worst INP and LCP, as the render servers keep them: the histograms' values (at
 * their buckets' upper bounds), one per visitor in turn, from visitor `from` on.
 */
export function visitorWorst(
  aggregate: MinuteAggregate,
  from: number,
): Pick<MinuteAggregate, 'inpWorst' | 'lcpWorst'> {
  const worstOf = (metric: 'INP' | 'LCP', histogram: Record<string, number> = {}) => {
    const worst: Record<string, number> = {};
    let visitor = from;
    const keys = Object.keys(histogram).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    for (const key of keys)
      for (let count = 0; count < (histogram[key] ?? 0); count += 1) {
        worst[`c${hex6(Math.floor(visitor / 4))}${hex6(visitor)}`] = Math.max(
          1,
          Math.round(upperBoundOf(metric, key)),
        );
        visitor += 1;
      }
    return worst;
  };
  return { inpWorst: worstOf('INP', aggregate.inp), lcpWorst: worstOf('LCP', aggregate.lcp) };
}

let visitorsSeeded = 0;

/**
 * Stores minute aggregates as the render servers write them (same collection, id and fields):
 * a live or canary minute without client marks gets one visitor per view, and each minute's pages are
 * stored as served (one page view's token given per view).
 */
export async function seedAggregates(db: Firestore, aggregates: MinuteAggregate[]): Promise<void> {
  const batch = db.batch();
  const served = new Map<
    string,
    { minute: string; set: string; lane: string; canary: string | null; served: number }
  >();
  for (const aggregate of aggregates) {
    const visitors = Math.max(aggregate.views, aggregate.errors, aggregate.failedLoads);
    // Both lanes' visitors are marked, each with its worst INP and LCP (the judge compares visitors).
    const marked =
      aggregate.lane !== 'preview' && !aggregate.clients
        ? {
            ...aggregate,
            ...visitorMarks(
              aggregate.views,
              Math.max(aggregate.errors, aggregate.failedLoads),
              visitorsSeeded,
            ),
            ...visitorWorst(aggregate, visitorsSeeded),
          }
        : aggregate;
    visitorsSeeded += visitors;
    batch.set(
      db
        .collection(aggregatesCollection)
        .doc(aggregateIdOf(aggregate.minute, aggregate.set, aggregate.route)),
      marked,
    );
    const id = servedIdOf(aggregate.minute, aggregate.set);
    const { minute, set, lane, canary } = aggregate;
    const entry = served.get(id) ?? { minute, set, lane, canary, served: 0 };
    entry.served += aggregate.views;
    served.set(id, entry);
  }
  for (const [id, entry] of served) batch.set(db.collection(servedCollection).doc(id), entry);
  await batch.commit();
}

/** A minute aggregate with nothing counted yet. */
export const emptyMinute = (
  fields: Partial<MinuteAggregate> & Pick<MinuteAggregate, 'minute'>,
): MinuteAggregate => ({
  set: 'aaaaaaaaaaaa',
  route: '/',
  lane: 'live',
  canary: null,
  releases: {},
  ...zeroCounts(),
  ...fields,
});
