import type { Firestore } from 'firebase-admin/firestore';
import {
  aggregateIdOf,
  aggregatesCollection,
  zeroCounts,
  type MinuteAggregate,
} from '../../platform/field-data/aggregates.cjs';
import { bucketOf } from '../../platform/field-data/histogram.cjs';

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

/** Stores minute aggregates as the render server writes them (same collection, id and fields). */
export async function seedAggregates(db: Firestore, aggregates: MinuteAggregate[]): Promise<void> {
  const batch = db.batch();
  for (const aggregate of aggregates)
    batch.set(
      db
        .collection(aggregatesCollection)
        .doc(aggregateIdOf(aggregate.minute, aggregate.set, aggregate.route)),
      aggregate,
    );
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
