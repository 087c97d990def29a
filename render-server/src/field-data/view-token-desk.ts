import type { IncomingMessage, ServerResponse } from 'node:http';
import { versionSetIdPattern } from '../../../platform/field-data/beacon.cjs';
import { issueViewToken } from '../../../platform/field-data/view-token.cjs';
import { clientAddressOf } from './client-address';
import { clientKeyOf } from './client-key';
import type { SetInfo, SetInfoOf } from './set-info';

export interface ViewTokenDeskOptions {
  readonly key: Buffer;
  readonly setInfo: SetInfoOf;
  readonly trustedProxies: number;
  /** The rate limit of token requests: false when the client is over it. */
  readonly takeToken: (client: string) => boolean;
  readonly retryAfterSeconds: number;
  /**
   * Whether the visitor asking may hold a page of that set's lane: a canary's page needs the
   * visitor's signed canary cohort, a preview's page a valid preview (see visitor-lane).
   */
  readonly mayHold: (req: IncomingMessage, info: SetInfo) => boolean;
  /** Counts a token given: a page view served, as the page itself says. */
  readonly countIssued: (set: string, info: SetInfo) => void;
}

function answer(res: ServerResponse, status: number, text: string, headers = {}) {
  res.writeHead(status, {
    'Content-Type': status === 200 ? 'application/json' : 'text/plain; charset=utf-8',
    // Each answer is one visitor's own: no cache (the CDN's included) may keep or share it.
    'Cache-Control': 'private, no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * The handler of GET /__vitals/view?set=<id>: a page asks it, after load, for its view's token
 * (platform/field-data/view-token.cjs), which its beacons carry. It answers only for a set this
 * server served lately, in the lane the visitor's own session is served (a canary's token needs
 * the canary cohort's signed cookie), and within the client's rate.
 */
export function createViewTokenDesk(options: ViewTokenDeskOptions) {
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') return answer(res, 405, 'wrong-method\n', { Allow: 'GET' });
    const client = clientKeyOf(clientAddressOf(req, options.trustedProxies));
    if (!options.takeToken(client))
      return answer(res, 429, 'rate-limited\n', {
        'Retry-After': String(options.retryAfterSeconds),
      });
    const set = new URL(req.url ?? '/', 'http://here').searchParams.get('set') ?? '';
    if (!versionSetIdPattern.test(set)) return answer(res, 400, 'bad-shape\n');
    const info = options.setInfo(set);
    if (!info) return answer(res, 422, 'unknown-set\n');
    if (!options.mayHold(req, info)) return answer(res, 403, 'not-your-lane\n');
    options.countIssued(set, info);
    answer(
      res,
      200,
      JSON.stringify({ token: issueViewToken(options.key, { set, lane: info.lane }) }),
    );
  };
}
