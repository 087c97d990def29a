import {
  aggregateIdOf,
  aggregatesCollection,
  histogramFields,
  minuteOf,
  refusalsCollection,
  servedCollection,
  servedIdOf,
  viewClaimExpiryField,
  viewClaimIdOf,
  viewClaimsCollection,
} from '../../../platform/field-data/aggregates.cjs';
import type { Beacon, BeaconRefusal, MetricName } from '../../../platform/field-data/beacon.cjs';
import { bucketOf } from '../../../platform/field-data/histogram.cjs';
import { errorField, log } from '../log';
import type { CreateOnly, CreateOutcome, IncrementWrite } from './firestore-rest';
import type { StoredMap } from './firestore-values';
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
  /**
   * Creates each create-only document not there yet, each on its own (see view claims below);
   * null or absent: a view's beacons count as this instance's own memory of views lets them.
   */
  readonly createEach?: ((documents: readonly CreateOnly[]) => Promise<CreateOutcome[]>) | null;
}

/** The page view a beacon belongs to: its id and when its token is void. */
export interface ViewOf {
  readonly id: string;
  readonly voidAt: number;
}

export interface Aggregator {
  /**
   * `notes`: whether the beacon had its own log line, whether its client's budget cut it, and
   * its client's mark (client-marks.cjs), kept on the live and canary lanes for the canary's judge,
   * and its page view: with a store, what the beacon says of its view (the view, an error, a
   * failed load, each metric) counts only once its view's claim of that part is the first on
   * any instance (the claims are written at the flush, before the sums).
   */
  addBeacon(
    beacon: Beacon,
    info: SetInfo,
    notes?: { logged: boolean; cut: boolean; client?: string; view?: ViewOf },
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

/** A beacon's own increments, whoever counted its view: every count field, from zero. */
function beaconIncrementsOf(beacon: Beacon): Record<string, number> {
  return {
    beacons: 1,
    views: 0,
    errors: 0,
    failedLoads: 0,
    tapsCaptured: beacon.tapsCaptured,
    tapsReplayed: beacon.tapsReplayed,
  };
}

/** What a beacon says of its view (`client`: its mark, on the live and canary lanes). */
function viewIncrementsOf(beacon: Beacon, client: string | undefined): Record<string, number> {
  const increments: Record<string, number> = {};
  if (beacon.view) increments.views = 1;
  // Views with an error or a failed load, not how many: one page's storm is one view.
  if (beacon.errors > 0) increments.errors = 1;
  if (beacon.failedLoads > 0) increments.failedLoads = 1;
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

/** The parts of a view a beacon may count, each claimed once across instances. */
type Part = 'view' | 'error' | 'failedLoad' | (typeof histogramFields)[MetricName];

function partsOf(beacon: Beacon): Part[] {
  const parts: Part[] = [];
  if (beacon.view) parts.push('view');
  if (beacon.errors > 0) parts.push('error');
  if (beacon.failedLoads > 0) parts.push('failedLoad');
  for (const metric of Object.keys(beacon.metrics) as MetricName[])
    parts.push(histogramFields[metric]);
  return parts;
}

/** The beacon with only the parts in `kept`. */
function keepingParts(beacon: Beacon, kept: ReadonlySet<Part>): Beacon {
  const metrics: Beacon['metrics'] = {};
  for (const [metric, value] of Object.entries(beacon.metrics) as [MetricName, number][])
    if (kept.has(histogramFields[metric])) metrics[metric] = value;
  return {
    ...beacon,
    view: beacon.view && kept.has('view'),
    errors: beacon.errors > 0 && kept.has('error') ? 1 : 0,
    failedLoads: beacon.failedLoads > 0 && kept.has('failedLoad') ? 1 : 0,
    metrics,
  };
}

/** A beacon whose parts wait for their claims (written at the next flush). */
interface Held {
  readonly minute: string;
  readonly path: string;
  readonly fields: StoredMap;
  readonly beacon: Beacon;
  readonly client: string | undefined;
  readonly view: ViewOf;
  /** When it was received (ms): the minute's `lastAt`. */
  readonly at: number;
  /** Flushes whose claims could not be settled yet. */
  readonly tries: number;
}

/** A claim whose outcome was unclear this many flushes is given up (its parts not counted). */
const maxClaimTries = 3;
/** Firestore's batch write takes at most this many writes. */
const maxClaimsPerCall = 500;

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
  const createEach = options.createEach ?? null;
  /** Beacons whose view's parts wait for their claims. */
  let held: Held[] = [];
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

  /** Counts what a held beacon's claims won; keeps what may be tried again. */
  function settle(entry: Held, outcomes: ReadonlyMap<Part, CreateOutcome>): void {
    const won = new Set(
      [...outcomes].filter(([, outcome]) => outcome === 'created').map(([p]) => p),
    );
    const again = new Set(
      [...outcomes].filter(([, outcome]) => outcome === 'retry').map(([p]) => p),
    );
    // The beacon itself counts with its first claims: a reader sees its beacon and its view
    // in the same flush.
    const counted = keepingParts(entry.beacon, won);
    const increments = entry.tries === 0 ? beaconIncrementsOf(entry.beacon) : {};
    for (const [field, by] of Object.entries(viewIncrementsOf(counted, entry.client)))
      increments[field] = (increments[field] ?? 0) + by;
    if (Object.keys(increments).length)
      pending.add(entry.minute, entry.path, entry.fields, increments, {
        ...maximumsOf(counted, entry.client),
        ...(entry.tries === 0 ? { lastAt: entry.at } : {}),
      });
    if (again.size && entry.tries + 1 < maxClaimTries)
      held.push({ ...entry, beacon: keepingParts(entry.beacon, again), tries: entry.tries + 1 });
  }

  /**
   * Writes the held beacons' claims, a batch write of whole beacons at a time, and adds to the
   * sums what each won: a part another instance claimed first (a replayed token) costs only that
   * part, never another beacon's. While the store is down they wait, the newest minutes kept.
   */
  async function claimViews(): Promise<void> {
    if (!createEach || held.length === 0) return;
    const waiting = held;
    held = [];
    let next = 0;
    while (next < waiting.length) {
      const call: Array<{ entry: Held; claims: Array<[Part, number]> }> = [];
      const documents: CreateOnly[] = [];
      const inCall = new Map<string, number>();
      for (; next < waiting.length; next += 1) {
        const entry = waiting[next]!;
        const parts = partsOf(entry.beacon);
        if (documents.length > 0 && documents.length + parts.length > maxClaimsPerCall) break;
        const claims = parts.map((part): [Part, number] => {
          const path = `${viewClaimsCollection}/${viewClaimIdOf(entry.view.id, part)}`;
          // A batch write takes each document once: a second claim in the call has lost.
          if (inCall.has(path)) return [part, -1];
          inCall.set(path, documents.length);
          const expireAt = { field: viewClaimExpiryField, at: entry.view.voidAt };
          return [part, documents.push({ path, expireAt }) - 1];
        });
        call.push({ entry, claims });
      }
      let outcomes: CreateOutcome[];
      try {
        outcomes = await createEach(documents);
      } catch (error) {
        held.push(...call.map(({ entry }) => entry), ...waiting.slice(next));
        keepHeld(error);
        return;
      }
      for (const { entry, claims } of call)
        settle(
          entry,
          new Map(claims.map(([part, at]) => [part, at < 0 ? 'exists' : outcomes[at]!])),
        );
    }
  }

  /** While the store is down: the held beacons of the newest minutes wait, saying so once. */
  function keepHeld(error: unknown): void {
    const minutes = [...new Set(held.map((entry) => entry.minute))].sort();
    const dropped = new Set(
      minutes.slice(0, Math.max(0, minutes.length - options.maxPendingMinutes)),
    );
    held = held.filter((entry) => !dropped.has(entry.minute));
    if (!outage)
      log('WARNING', 'Field data views not claimed, kept for the next flush', {
        error: errorField(error),
      });
    outage ??= { droppedMinutes: 0 };
  }

  const flushOnce = async () => {
    try {
      report();
      options.watch?.look(Date.now());
      await claimViews();
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
      const at = Date.now();
      const minute = minuteOf(at);
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
      options.watch?.add(
        at,
        beacon.set,
        beacon.route,
        info,
        beacon.view,
        beacon.errors > 0 || beacon.failedLoads > 0,
        client,
      );
      const own = beaconIncrementsOf(beacon);
      // Without claims, this instance's memory of views is all that keeps a view to one count.
      if (!createEach || !notes.view) {
        for (const [field, by] of Object.entries(viewIncrementsOf(beacon, client)))
          own[field] = (own[field] ?? 0) + by;
        pending.add(minute, path, fields, own, { ...maximumsOf(beacon, client), lastAt: at });
        return;
      }
      if (partsOf(beacon).length)
        held.push({ minute, path, fields, beacon, client, view: notes.view, at, tries: 0 });
      else pending.add(minute, path, fields, own, { lastAt: at });
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
