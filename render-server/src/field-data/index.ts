import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Lane } from '../../../platform/field-data/aggregates.cjs';
import type { BeaconRefusal } from '../../../platform/field-data/beacon.cjs';
import { viewTokenLifetimeMs } from '../../../platform/field-data/view-token.cjs';
import { clientMarkKeyOf, clientMarkOf } from '../../../platform/field-data/client-marks.cjs';
import { createAggregator } from './aggregator';
import { createBeaconIntake } from './beacon-intake';
import { createClientBudgets } from './client-budget';
import type { FieldDataConfig } from './field-data-config';
import { createFirestoreRest, type FirestoreRest } from './firestore-rest';
import { createLiveWatch } from './live-watch';
import { createRateLimiter } from './rate-limiter';
import { createSeenViews } from './seen-views';
import type { SetInfo, SetInfoOf } from './set-info';
import { createViewTokenDesk } from './view-token-desk';

export type { SetInfo } from './set-info';
export { readFieldDataConfig, type FieldDataConfig } from './field-data-config';

export interface FieldData {
  /** Answers POST /__vitals (and refuses any other method there); never throws. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Answers GET /__vitals/view?set=<id> with a page view's token (see view-token-desk). */
  viewToken(req: IncomingMessage, res: ServerResponse): void;
  /** Page views' tokens given since start, by lane. */
  issued(): Readonly<Partial<Record<Lane, number>>>;
  /** Writes the sums gathered so far. */
  flush(): Promise<void>;
  /** Stops the flush timer and writes what is left. */
  stop(): Promise<void>;
  /** Beacons refused since start, by reason. */
  refused(): Readonly<Partial<Record<BeaconRefusal, number>>>;
  /** The Firestore client of the aggregates' project; null when FIELD_DATA_PROJECT is unset. */
  readonly store: FirestoreRest | null;
}

/** Every Firestore call gives up after this long: a flush must not pile up behind a hung one. */
const storeDeadlineMs = 10_000;
/** Minutes of sums kept while the store is down (then the oldest go). */
const maxPendingMinutes = 30;
/** Clients whose rate is remembered (a bucket is ~100 bytes: a few MB at most). */
const maxClients = 50_000;
/** Page views remembered while their tokens are good (an entry is ~200 bytes: 20 MB at most). */
const maxViewsRemembered = 100_000;
/** Accepted beacons logged one line each, at most this many a minute per instance (then summed). */
const loggedPerMinute = 120;

/** How page views' tokens are signed, and who may be given one. */
interface ViewTokenSettings {
  readonly key: Buffer;
  /** Whether the visitor asking is served that set's lane (its session cookie says so). */
  readonly mayHold: (req: IncomingMessage, info: SetInfo) => boolean;
}

/**
 * The Firestore client of the aggregates (and of the canary judge's decisions), or null when
 * FIELD_DATA_PROJECT is unset. Made before the release lanes, which read the decisions.
 */
export function createFieldDataStore(config: FieldDataConfig): FirestoreRest | null {
  return config.project
    ? createFirestoreRest({
        projectId: config.project,
        emulatorHost: config.emulatorHost,
        deadlineMs: storeDeadlineMs,
      })
    : null;
}

/** What the field data of a render server is built from; it reads no environment itself. */
export interface FieldDataParts {
  /** From createFieldDataStore(config), or null. */
  readonly store: FirestoreRest | null;
  /** The sets this server served lately (the release lanes'), which beacons must name. */
  readonly setInfo: SetInfoOf;
  readonly tokens: ViewTokenSettings;
}

/** The field data of one render server, from its checked settings (readFieldDataConfig). */
export function createFieldData(config: FieldDataConfig, parts: FieldDataParts): FieldData {
  const { store, setInfo, tokens } = parts;
  const rate = () =>
    createRateLimiter({ burst: config.rateBurst, refillMs: config.rateRefillMs, maxClients });
  const retryAfterSeconds = Math.ceil(config.rateRefillMs / 1000);
  const aggregator = createAggregator({
    commit: store && ((writes) => store.commit(writes)),
    createEach: store && ((documents) => store.createEach(documents)),
    flushMs: config.flushMs,
    maxPendingMinutes,
    watch: createLiveWatch(config.liveAlarmPolicy),
  });
  const refused: Partial<Record<BeaconRefusal, number>> = {};
  const issued: Partial<Record<Lane, number>> = {};
  const viewToken = createViewTokenDesk({
    key: tokens.key,
    setInfo,
    trustedProxies: config.trustedProxies,
    // Its own buckets: a page asks once, then sends its beacons.
    takeToken: rate(),
    retryAfterSeconds,
    mayHold: tokens.mayHold,
    countIssued: (set, info) => {
      issued[info.lane] = (issued[info.lane] ?? 0) + 1;
      aggregator.addServed(set, info);
    },
  });
  const handle = createBeaconIntake({
    setInfo,
    aggregator,
    trustedProxies: config.trustedProxies,
    viewTokenKey: tokens.key,
    takeView: createSeenViews({ max: maxViewsRemembered, ttlMs: viewTokenLifetimeMs }),
    takeToken: rate(),
    retryAfterSeconds,
    countRefusal: (reason) => void (refused[reason] = (refused[reason] ?? 0) + 1),
    countBeacon: createClientBudgets(maxClients, {
      views: config.clientViews,
      errorViews: config.clientErrorViews,
    }),
    markOf: (() => {
      const markKey = clientMarkKeyOf(tokens.key);
      return (client: string, network: string) => clientMarkOf(markKey, client, network);
    })(),
    mayLog: (() => {
      const take = createRateLimiter({
        burst: loggedPerMinute,
        refillMs: 60_000 / loggedPerMinute,
        maxClients: 1,
      });
      return () => take('log');
    })(),
  });
  return {
    handle,
    viewToken,
    issued: () => ({ ...issued }),
    flush: aggregator.flush,
    stop: aggregator.stop,
    refused: () => ({ ...refused }),
    store,
  };
}
