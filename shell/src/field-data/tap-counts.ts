/** Taps the page's inline capture recorded before hydration, and of those the ones replayed. */
export interface TapCounts {
  readonly captured: number;
  readonly replayed: number;
}

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;

/**
 * Reads the counters the tap capture keeps on window (remote-shared's tap-replay): whatever is
 * there is any script's to change, so anything but a count reads as none.
 */
export function readTapCounts(
  record: unknown = (window as { __fdTaps?: unknown }).__fdTaps,
): TapCounts {
  if (typeof record !== 'object' || record === null) return { captured: 0, replayed: 0 };
  const { captured, replayed } = record as Record<string, unknown>;
  return { captured: countOf(captured), replayed: countOf(replayed) };
}
