import {
  aggregateIdOf,
  aggregatesCollection,
  histogramFields,
  minuteOf,
  refusalsCollection,
  servedCollection,
  servedIdOf,
} from '../../../platform/field-data/aggregates.cjs';
import type { Beacon, BeaconRefusal, MetricName } from '../../../platform/field-data/beacon.cjs';
import { bucketOf } from '../../../platform/field-data/histogram.cjs';
import { errorField, log } from '../log';
import type { IncrementWrite } from './firestore-rest';
import type { LiveWatch } from './live-watch';
import { PendingWrites, type PendingWrite } from './pending-writes';
import type { SetInfo } from './set-info';

/** Firestore takes at most this many writes in one commit. */
export const maxWritesPerCommit = 500;

export interface AggregatorOptions {
  /** Writes one batch atomically; null when aggregates are off (only the log lines are kept). */
  readonly commit: ((writes: readonly IncrementWrite[]) => Promise<void>) | null;
  readonly flushMs: number;
  /** While the store is down, the sums of at most this many minutes are kept, the newest. */
  readonly maxPendingMinutes: number;
  /** Live's minutes tallied here too, and judged after each flush (the live alarm). */
  readonly watch?: LiveWatch;
}

export interface Aggregator {
  /**
   * `notes`: whether the beacon had its own log line, whether its client's budget cut it, and
   * its client's mark (client-marks.cjs), kept on the live and canary lanes for the canary's judge.
   */
  addBeacon(
    beacon: Beacon,
    info: SetInfo,
    notes?: { logged: boolean; cut: boolean; client?: string },
  ): void;
  /** A page view's token given for `set`: one page served. */
  addServed(set: string, info: SetInfo): void;
  addRefusal(reason: BeaconRefusal): void;
  /** Writes what has been added so far (after any flush under way); never rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

/** A refusal reason as a field path: hyphenated names are quoted, as Firestore requires. */
const quoted = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name}\``);

/** The increments one beacon adds to its minute's document (`client`: its mark, on the canary). */
function incrementsOf(beacon: Beacon, client: string | undefined): Record<string, number> {
  const increments: Record<string, number> = {
    beacons: 1,
    views: beacon.view ? 1 : 0,
    // Views with an error or a failed load, not how many: one page's storm is one view.
    errors: Math.min(1, beacon.errors),
    failedLoads: Math.min(1, beacon.failedLoads),
    tapsCaptured: beacon.tapsCaptured,
    tapsReplayed: beacon.tapsReplayed,
  };
  for (const [metric, value] of Object.entries(beacon.metrics) as [MetricName, number][]) {
    const field = `${histogramFields[metric]}.${bucketOf(metric, value)}`;
    increments[field] = (increments[field] ?? 0) + 1;
  }
  // Only what the client added: a mark with nothing is not a visitor.
  if (client && beacon.view) increments[`clients.${client}`] = 1;
  if (client && (beacon.errors > 0 || beacon.failedLoads > 0))
    increments[`badClients.${client}`] = 1;
  return increments;
}

/** Each visitor's worst INP and LCP (whole ms, at least 1), kept with the document's maximum. */
function maximumsOf(beacon: Beacon, client: string | undefined): Record<string, number> {
  const maximums: Record<string, number> = {};
  if (!client) return maximums;
  const { INP, LCP } = beacon.metrics;
  if (INP !== undefined) maximums[`inpWorst.${client}`] = Math.max(1, Math.round(INP));
  if (LCP !== undefined) maximums[`lcpWorst.${client}`] = Math.max(1, Math.round(LCP));
  return maximums;
}

/**
 * Sums beacons per minute, version set and route (and refusals per minute) in memory, and
 * every flushMs adds them to Firestore in batched increments, so any number of render
 * instances add to the same documents. A failed flush keeps its sums for the next one: a
 * commit whose answer was lost may so be counted twice, which is the lesser harm.
 */
export function createAggregator(options: AggregatorOptions): Aggregator {
  const pending = new PendingWrites();
  let accepted = 0;
  /** Accepted beacons without a log line of their own, and those their client's budget cut. */
  let notLogged = 0;
  let cut = 0;
  let refused: Partial<Record<BeaconRefusal, number>> = {};
  /** While the store is down: how many minutes of sums had to be dropped. */
  let outage: { droppedMinutes: number } | undefined;
  let running = Promise.resolve();

  function report(): void {
    if (accepted === 0 && Object.keys(refused).length === 0) return;
    log('INFO', 'Field data flushed', {
      accepted,
      refused,
      stored: options.commit !== null,
      ...(notLogged ? { notLogged } : {}),
      ...(cut ? { cut } : {}),
    });
    accepted = 0;
    notLogged = 0;
    cut = 0;
    refused = {};
  }

  /** Puts back what was not sent; keeps only the newest minutes, saying so once per outage. */
  function keep(unsent: PendingWrite[], error: unknown): void {
    pending.putBack(unsent);
    const dropped = pending.dropOldestMinutes(options.maxPendingMinutes);
    if (!outage)
      log('WARNING', 'Field data not stored, kept for the next flush', {
        error: errorField(error),
      });
    outage ??= { droppedMinutes: 0 };
    if (dropped.length && outage.droppedMinutes === 0)
      log('WARNING', 'Field data dropped: the store stays down', {
        oldestKept: options.maxPendingMinutes,
      });
    outage.droppedMinutes += dropped.length;
  }

  async function send(writes: PendingWrite[]): Promise<void> {
    if (!options.commit) return;
    for (let start = 0; start < writes.length; start += maxWritesPerCommit) {
      try {
        await options.commit(
          writes.slice(start, start + maxWritesPerCommit).map((entry) => entry.write),
        );
      } catch (error) {
        keep(writes.slice(start), error);
        return;
      }
    }
    if (outage) log('NOTICE', 'Field data stored again', { droppedMinutes: outage.droppedMinutes });
    outage = undefined;
  }

  const flushOnce = async () => {
    try {
      report();
      options.watch?.look(Date.now());
      await send(pending.takeAll());
    } catch (error) {
      log('ERROR', 'Field data flush failed', { error: errorField(error) });
    }
  };
  const flush = () => (running = running.then(flushOnce));
  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    addBeacon(beacon, info, notes = { logged: true, cut: false }) {
      accepted += 1;
      if (!notes.logged) notLogged += 1;
      if (notes.cut) cut += 1;
      const minute = minuteOf(Date.now());
      // Exactly the document's facts (the updateMask), whatever else the caller's info holds.
      const { lane, canary } = info;
      const fields = {
        minute,
        set: beacon.set,
        route: beacon.route,
        lane,
        canary,
        releases: { ...info.releases },
      };
      const path = `${aggregatesCollection}/${aggregateIdOf(minute, beacon.set, beacon.route)}`;
      // Both lanes' visitors are marked: the judge compares visitor with visitor.
      const client = lane === 'preview' ? undefined : notes.client;
      pending.add(minute, path, fields, incrementsOf(beacon, client), maximumsOf(beacon, client));
      options.watch?.add(
        minute,
        beacon.set,
        beacon.route,
        info,
        beacon.view,
        beacon.errors > 0 || beacon.failedLoads > 0,
        client,
      );
    },
    addServed(set, info) {
      const minute = minuteOf(Date.now());
      const { lane, canary } = info;
      const path = `${servedCollection}/${servedIdOf(minute, set)}`;
      pending.add(minute, path, { minute, set, lane, canary }, { served: 1 });
    },
    addRefusal(reason) {
      refused[reason] = (refused[reason] ?? 0) + 1;
      const minute = minuteOf(Date.now());
      pending.add(minute, `${refusalsCollection}/${minute}`, { minute }, { [quoted(reason)]: 1 });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
