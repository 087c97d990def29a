import {
  maxAttributionLength,
  maxBeaconBytes,
  maxCount,
  metricMaximum,
  metricNames,
  routePattern,
  versionSetIdPattern,
  viewTokenTextPattern,
  type Beacon,
  type MetricName,
} from '../../../platform/field-data/beacon.cjs';
import { remoteIds } from '../../../platform/apps.cjs';

export type AttributionKey = keyof Beacon['attribution'];

/** What the reporter has gathered for one beacon, before it is made to fit the format. */
export interface BeaconParts {
  readonly set: string;
  readonly route: string;
  /** Whether this is the page load's first beacon. */
  readonly view: boolean;
  /** Metric values not sent yet. */
  readonly metrics: Partial<Record<MetricName, number>>;
  readonly errors: number;
  readonly failedLoads: number;
  readonly tapsCaptured: number;
  readonly tapsReplayed: number;
  readonly attribution: Partial<Record<AttributionKey, string | undefined>>;
  /** The page view's token from the render server, once it has come. */
  readonly token?: string | undefined;
}

export interface AssembledBeacon {
  readonly beacon: Beacon;
  /** The beacon as JSON, under maxBeaconBytes. */
  readonly body: string;
}

const count = (value: number): number =>
  Number.isFinite(value) ? Math.min(maxCount, Math.max(0, Math.floor(value))) : 0;

const isMetricName = (name: string): name is MetricName =>
  (metricNames as readonly string[]).includes(name);

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

/**
 * Builds the beacon the render server accepts (platform/field-data/beacon.cjs decodeBeacon)
 * from the reporter's parts: counts capped, texts cut, values no real page has left out (the
 * server would refuse the whole beacon for one), attribution dropped, longest first, if the
 * body would weigh too much. Null when there is nothing to say, or when the page's tags are not
 * ones the server accepts.
 */
export function assembleBeacon(parts: BeaconParts): AssembledBeacon | null {
  if (!versionSetIdPattern.test(parts.set) || !routePattern.test(parts.route)) return null;
  const metrics: Partial<Record<MetricName, number>> = {};
  for (const [name, value] of Object.entries(parts.metrics)) {
    if (!isMetricName(name) || typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (value < 0 || value > metricMaximum[name]) continue;
    metrics[name] = value;
  }
  const attribution: Partial<Record<AttributionKey, string>> = {};
  for (const [key, value] of Object.entries(parts.attribution) as [AttributionKey, unknown][]) {
    if (typeof value !== 'string' || value === '') continue;
    if (key === 'failedRemote' && !(remoteIds as readonly string[]).includes(value)) continue;
    attribution[key] = value.slice(0, maxAttributionLength);
  }
  const beacon: Beacon = {
    v: 1,
    set: parts.set,
    route: parts.route,
    view: parts.view,
    metrics,
    errors: count(parts.errors),
    failedLoads: count(parts.failedLoads),
    tapsCaptured: count(parts.tapsCaptured),
    tapsReplayed: count(parts.tapsReplayed),
    attribution,
    // Without its token the server refuses the beacon; a malformed one would refuse it whole.
    ...(parts.token !== undefined && viewTokenTextPattern.test(parts.token)
      ? { token: parts.token }
      : {}),
  };
  const saysNothing =
    !beacon.view &&
    Object.keys(metrics).length === 0 &&
    beacon.errors + beacon.failedLoads + beacon.tapsCaptured + beacon.tapsReplayed === 0;
  if (saysNothing) return null;
  // Escaped or multi-byte texts can outweigh the limit; without them a beacon is a few hundred
  // bytes, so dropping the heaviest text until it fits always ends.
  const weight = (value: unknown) => byteLength(JSON.stringify(value));
  for (;;) {
    const body = JSON.stringify(beacon);
    if (byteLength(body) < maxBeaconBytes) return { beacon, body };
    const keys = Object.keys(attribution) as AttributionKey[];
    if (keys.length === 0) return null;
    const heaviest = keys.reduce((a, b) =>
      weight(attribution[a]) >= weight(attribution[b]) ? a : b,
    );
    delete attribution[heaviest];
  }
}
