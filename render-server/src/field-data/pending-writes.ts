import type { IncrementWrite } from './firestore-rest';
import type { StoredMap } from './firestore-values';

/** A write waiting for the next flush, and the minute whose figures it holds. */
export interface PendingWrite {
  readonly minute: string;
  readonly write: IncrementWrite;
}

/**
 * The sums not yet written, one write per document: adding to a document already waiting adds
 * to its increments, so a flush sends one write per document however many beacons it holds.
 */
export class PendingWrites {
  private readonly byPath = new Map<string, PendingWrite>();

  get size(): number {
    return this.byPath.size;
  }

  add(
    minute: string,
    path: string,
    fields: StoredMap,
    increments: Record<string, number>,
    maximums: Readonly<Record<string, number>> = {},
  ): void {
    const waiting = this.byPath.get(path);
    const sums: Record<string, number> = { ...waiting?.write.increments };
    // Zeros are kept: every count field of MinuteAggregate exists from a document's first write.
    for (const [field, by] of Object.entries(increments)) sums[field] = (sums[field] ?? 0) + by;
    const largest: Record<string, number> = { ...waiting?.write.maximums };
    for (const [field, value] of Object.entries(maximums))
      largest[field] = Math.max(largest[field] ?? 0, value);
    const mask = Object.keys(fields);
    this.byPath.set(path, {
      minute,
      write: {
        path,
        fields,
        mask,
        increments: sums,
        ...(Object.keys(largest).length ? { maximums: largest } : {}),
      },
    });
  }

  /** Everything waiting, in the order of its minutes; the store is left empty. */
  takeAll(): PendingWrite[] {
    const all = [...this.byPath.values()].sort((a, b) => a.minute.localeCompare(b.minute));
    this.byPath.clear();
    return all;
  }

  /** Puts writes that could not be sent back, adding them to whatever came in meanwhile. */
  putBack(writes: readonly PendingWrite[]): void {
    for (const { minute, write } of writes)
      this.add(minute, write.path, write.fields, { ...write.increments }, write.maximums);
  }

  /** Drops the oldest minutes past `keep` distinct minutes; returns the minutes dropped. */
  dropOldestMinutes(keep: number): string[] {
    const minutes = [...new Set([...this.byPath.values()].map((entry) => entry.minute))].sort();
    const dropped = minutes.slice(0, Math.max(0, minutes.length - keep));
    for (const [path, entry] of this.byPath)
      if (dropped.includes(entry.minute)) this.byPath.delete(path);
    return dropped;
  }
}
