import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  decodeBeacon,
  maxBeaconBytes,
  type Beacon,
  type BeaconRefusal,
} from '../../../platform/field-data/beacon.cjs';
import { readViewToken, viewTokenVoidAt } from '../../../platform/field-data/view-token.cjs';
import { routeFor } from '../../../platform/routes/routes.cjs';
import { notFoundPath } from '../pages/not-found';
import { errorField, errorOnce, log } from '../log';
import type { Aggregator, ViewOf } from './aggregator';
import { clientAddressOf } from './client-address';
import type { Counted } from './client-budget';
import { clientKeyOf, networkOf } from './client-key';
import { readBody } from './read-body';
import type { SetInfo, SetInfoOf } from './set-info';

export interface IntakeOptions {
  readonly setInfo: SetInfoOf;
  readonly aggregator: Aggregator;
  readonly trustedProxies: number;
  /** The key page views' tokens are signed with (see view-token-desk). */
  readonly viewTokenKey: Buffer;
  /** What a view's beacons have not counted yet (see seen-views). */
  readonly takeView: (viewId: string, beacon: Beacon) => Beacon & { repeated: boolean };
  /** The rate limit: false when the client is over it. */
  readonly takeToken: (client: string) => boolean;
  /** Seconds a limited client is told to wait (Retry-After). */
  readonly retryAfterSeconds: number;
  /** Counts a refusal (never logged one by one: a flood must not flood the log). */
  readonly countRefusal: (reason: BeaconRefusal) => void;
  /** What a client's beacon may add to a lane's figures (its budget; see client-budget). */
  readonly countBeacon: (
    client: string,
    lane: SetInfo['lane'],
    beacon: Beacon,
  ) => Counted & { cut: boolean };
  /** Whether this accepted beacon may have its own log line (a bounded rate of them). */
  readonly mayLog: () => boolean;
  /** A client's mark in its network, as stored for a canary's judge (client-marks.cjs). */
  readonly markOf: (client: string, network: string) => string;
}

/** Who sent a beacon: its client (an IPv4 address, an IPv6 /64) and that client's network. */
interface Sender {
  readonly client: string;
  readonly network: string;
}

/** sendBeacon sends a string as text/plain (no CORS preflight); a JSON type is taken too. */
const acceptedTypes = new Set(['text/plain', 'application/json']);

const statusOf: Record<BeaconRefusal, number> = {
  'wrong-method': 405,
  'rate-limited': 429,
  'wrong-type': 415,
  'too-large': 413,
  'not-json': 400,
  'bad-shape': 400,
  'unknown-set': 422,
  'no-token': 403,
  'bad-token': 403,
};

/** A route the site has (or the one 404 path): a made-up route would be a made-up document. */
const isKnownRoute = (route: string) => route === notFoundPath || routeFor(route)?.path === route;

const failedOnce = errorOnce(16);

/**
 * The handler of POST /__vitals: checks each beacon (method, type, size, rate, JSON, shape,
 * route, version set, and its page view's token), answers at once (204, or the refusal's status) without waiting on
 * the store, counts what its view has not counted yet and the client's budget allows, logs accepted beacons one line each up to
 * a rate (the rest are summed in the flush's line) and hands them to the aggregator.
 */
export function createBeaconIntake(options: IntakeOptions) {
  function refuse(
    res: ServerResponse,
    reason: BeaconRefusal,
    headers: Record<string, string> = {},
  ) {
    options.countRefusal(reason);
    options.aggregator.addRefusal(reason);
    // The rest of a refused body is never read, so the connection cannot be used again. Node
    // closes it anyway when a body was left unread; saying so tells the client (and any proxy).
    res.writeHead(statusOf[reason], {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'close',
      ...headers,
    });
    res.end(`${reason}\n`);
  }

  function accept(
    res: ServerResponse,
    sent: Beacon,
    info: SetInfo,
    sender: Sender,
    repeated: boolean,
    pageView: ViewOf,
  ) {
    // A view counts once, with at most one error and one failed load, within its client's budget.
    const counted = options.countBeacon(sender.client, info.lane, sent);
    const beacon: Beacon = {
      v: sent.v,
      set: sent.set,
      route: sent.route,
      metrics: sent.metrics,
      tapsCaptured: sent.tapsCaptured,
      tapsReplayed: sent.tapsReplayed,
      attribution: sent.attribution,
      view: counted.view,
      errors: counted.error,
      failedLoads: counted.failedLoad,
    };
    const { set, route, view, metrics, attribution } = beacon;
    const { errors, failedLoads, tapsCaptured, tapsReplayed } = beacon;
    const { lane, canary, releases } = info;
    const counts = { errors, failedLoads, tapsCaptured, tapsReplayed };
    const logged = options.mayLog();
    if (logged)
      log('INFO', 'Field data', {
        set,
        lane,
        canary,
        releases,
        route,
        view,
        metrics,
        counts,
        attribution,
        ...(counted.cut ? { cut: true } : {}),
        ...(repeated ? { repeated: true } : {}),
      });
    // Both lanes are marked alike: the canary's judge compares visitors (no address is kept).
    const client =
      info.lane === 'preview' ? undefined : options.markOf(sender.client, sender.network);
    // Its view's parts count once across instances: the aggregator claims them (see aggregator).
    options.aggregator.addBeacon(beacon, info, {
      logged,
      cut: counted.cut,
      client,
      view: pageView,
    });
    res.writeHead(204, { 'Cache-Control': 'no-store' });
    res.end();
  }

  async function readBeacon(
    req: IncomingMessage,
    res: ServerResponse,
    sender: Sender,
  ): Promise<void> {
    const body = await readBody(req, maxBeaconBytes);
    if (body.kind === 'gone') return;
    if (body.kind === 'too-large') return refuse(res, 'too-large');
    let json: unknown;
    try {
      json = JSON.parse(body.text);
    } catch {
      return refuse(res, 'not-json');
    }
    const reading = decodeBeacon(json);
    if (!reading.ok) return refuse(res, reading.reason);
    if (!isKnownRoute(reading.beacon.route)) return refuse(res, 'bad-shape');
    const info = options.setInfo(reading.beacon.set);
    if (!info) return refuse(res, 'unknown-set');
    // Only a page view the server served counts: its token, for this set and lane, unexpired.
    const { token } = reading.beacon;
    if (token === undefined) return refuse(res, 'no-token');
    const view = readViewToken(options.viewTokenKey, token);
    if (!view.ok || view.set !== reading.beacon.set || view.lane !== info.lane)
      return refuse(res, 'bad-token');
    // This instance's memory first (cheap, and a page's repeats never reach the store).
    const fresh = options.takeView(view.viewId, reading.beacon);
    accept(res, fresh, info, sender, fresh.repeated, {
      id: view.viewId,
      voidAt: viewTokenVoidAt(view.issuedAt),
    });
  }

  function failed(res: ServerResponse, error: unknown) {
    failedOnce(error instanceof Error ? error.message : String(error), 'Field data intake failed', {
      error: errorField(error),
    });
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { 'Cache-Control': 'no-store', Connection: 'close' }).end();
  }

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    try {
      if (req.method !== 'POST') return refuse(res, 'wrong-method', { Allow: 'POST' });
      const address = clientAddressOf(req, options.trustedProxies);
      const sender = { client: clientKeyOf(address), network: networkOf(address) };
      // Before the body is read: a flood costs as little as possible.
      if (!options.takeToken(sender.client))
        return refuse(res, 'rate-limited', { 'Retry-After': String(options.retryAfterSeconds) });
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!acceptedTypes.has(type)) return refuse(res, 'wrong-type');
      readBeacon(req, res, sender).catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  };
}
