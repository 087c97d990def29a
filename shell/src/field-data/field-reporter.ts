import type { MetricName } from '../../../platform/field-data/beacon.cjs';
import { assembleBeacon, type AttributionKey } from './beacon-assembly';
import type { PageTrouble } from './page-trouble';
import type { TapCounts } from './tap-counts';

/**
 * How long after an error or failed load its beacon leaves: a burst of them (one failure often
 * throws several) becomes one beacon, and a page that breaks is heard from within seconds.
 */
export const troubleBeaconDelayMs = 1000;

/** Trouble's beacon waits at most this many delays more for the view's token to come. */
const tokenWaits = 10;

export interface FieldReporterOptions {
  /** The page's version set (12 hex digits) and landing route tag. */
  readonly set: string;
  readonly route: string;
  readonly trouble: PageTrouble;
  readonly readTaps: () => TapCounts;
  readonly send: (body: string) => void;
  /** The page view's token, once the server has given it (beacons without one are refused). */
  readonly token?: () => string | undefined;
  readonly target?: Window;
}

export interface FieldReporter {
  /** A metric's final value and what web-vitals names as its cause; each is sent once. */
  metric(
    name: MetricName,
    value: number,
    attribution: Partial<Record<AttributionKey, string>>,
  ): void;
}

/**
 * Sends the page load's beacons: when the page is hidden or left (the first carries the view),
 * and about a second after an error or a failed load. Each carries what was not sent yet: the
 * metrics reported since, and the counts since the last beacon.
 */
export function startFieldReporter(options: FieldReporterOptions): FieldReporter {
  const { set, route, trouble, readTaps, send, token, target = window } = options;
  let viewSent = false;
  const sentMetrics = new Set<MetricName>();
  let metrics: Partial<Record<MetricName, number>> = {};
  let metricAttribution: Partial<Record<AttributionKey, string>> = {};
  let tapsSent: TapCounts = { captured: 0, replayed: 0 };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    try {
      const taken = trouble.take();
      const taps = readTaps();
      const assembled = assembleBeacon({
        set,
        route,
        view: !viewSent,
        metrics,
        errors: taken.errors,
        failedLoads: taken.failedLoads,
        tapsCaptured: taps.captured - tapsSent.captured,
        tapsReplayed: taps.replayed - tapsSent.replayed,
        attribution: {
          ...metricAttribution,
          error: taken.firstError,
          failedRemote: taken.firstFailedRemote,
        },
        token: token?.(),
      });
      if (!assembled) return;
      viewSent = true;
      metrics = {};
      metricAttribution = {};
      tapsSent = taps;
      send(assembled.body);
    } catch {
      // The page's own work matters more than its report.
    }
  };

  const hidden = () => target.document.visibilityState === 'hidden';
  // On the document, not window: web-vitals finalises its metrics in window's capture phase of
  // the same event, before this runs.
  target.document.addEventListener('visibilitychange', () => {
    if (hidden()) flush();
  });
  // A page left while visible is hidden right after pagehide (the unload steps fire both, in
  // that order), and only then are the metrics final: that beacon says it all. A page left
  // while hidden (closed in the background) gets no visibilitychange: it says it now.
  target.addEventListener('pagehide', () => {
    if (hidden()) flush();
  });
  // A beacon without its token is refused: trouble right after start waits for it a little.
  let waited = 0;
  const troubleFlush = () => {
    if (token && token() === undefined && waited < tokenWaits) {
      waited += 1;
      timer = setTimeout(troubleFlush, troubleBeaconDelayMs);
      return;
    }
    flush();
  };
  trouble.watch(() => {
    timer ??= setTimeout(troubleFlush, troubleBeaconDelayMs);
  });

  return {
    metric(name, value, attribution) {
      if (sentMetrics.has(name)) return;
      sentMetrics.add(name);
      metrics = { ...metrics, [name]: value };
      metricAttribution = { ...metricAttribution, ...attribution };
    },
  };
}
