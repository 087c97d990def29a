import { bucketOf } from '../../../platform/field-data/histogram.cjs';
import { sumOf, type PlainFields } from '../emulators/stored-documents';

/** What a test sends in a beacon, and what stored documents must add up to for it. */

type Metric = 'LCP' | 'INP' | 'CLS';
const counts = ['errors', 'failedLoads', 'tapsCaptured', 'tapsReplayed'] as const;

export type Sent = {
  route: string;
  view?: boolean;
  metrics: Partial<Record<Metric, number>>;
} & Partial<Record<(typeof counts)[number], number>>;

/** The sums documents holding `sent` must have, computed from the beacons themselves. */
export function expectedSums(sent: readonly Sent[]): Record<string, number> {
  const sums: Record<string, number> = {
    beacons: sent.length,
    views: sent.filter((b) => b.view !== false).length,
  };
  // A beacon adds at most one error and one failed load (a view's yes/no), the taps as they are.
  const perBeacon = (b: Sent, count: (typeof counts)[number]) =>
    count === 'errors' || count === 'failedLoads' ? Math.min(1, b[count] ?? 0) : (b[count] ?? 0);
  for (const count of counts) sums[count] = sent.reduce((sum, b) => sum + perBeacon(b, count), 0);
  for (const b of sent)
    for (const [metric, value] of Object.entries(b.metrics) as [Metric, number][]) {
      const key = `${metric.toLowerCase()}.${bucketOf(metric, value)}`;
      sums[key] = (sums[key] ?? 0) + 1;
    }
  return sums;
}

/** The same sums read from stored documents (every count, every bucket they hold). */
export function storedSums(docs: Array<{ fields: PlainFields }>): Record<string, number> {
  const keys = new Set<string>(['beacons', 'views', ...counts]);
  for (const doc of docs)
    for (const field of ['lcp', 'inp', 'cls'])
      for (const bucket of Object.keys((doc.fields[field] ?? {}) as object))
        keys.add(`${field}.${bucket}`);
  return Object.fromEntries([...keys].map((key) => [key, sumOf(docs, key)]));
}
