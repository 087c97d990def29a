import type http from 'node:http';
import { randomInt } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { cohortOf, cohortValue } from '../../../platform/releases/cohort-cookie.cjs';
import type { LaneRequest } from './lane-request';
import type { PreviewCheck } from './preview-reading';

/**
 * The one cookie that says which set a visitor is served. It is `__session` because Firebase
 * Hosting passes no other cookie on to the render server, and keys its CDN cache on it: pages
 * of the live cohort, of the canary's and of a preview are cached apart by the CDN, and each
 * cohort's value is shared by all its visitors, so the cache still serves most of them.
 *
 *   c.<canary id>.<sig>   in the canary's share     l.<canary id>.<sig>   not in it
 *   p.<preview token>                                   a reviewer's preview
 *
 * A cohort's value is signed (platform/releases/cohort-cookie.cjs) and the same for all its
 * visitors, so the CDN still keys two values per canary. Nobody can write a canary cookie:
 * the id is in every visitor's own cookie, but the signature needs the key. What no cookie
 * can stop is a canary visitor handing theirs to another, or a visitor clearing theirs to be
 * drawn again: either gets only what a draw could have given.
 */
const sessionCookie = '__session';

/** How long a visitor keeps their cohort: longer than any canary should run. */
const cohortSeconds = 7 * 24 * 3600;

export interface LaneChoice {
  readonly lane: LaneRequest;
  /** A Set-Cookie to send with the page (a new cohort, or a stale preview cleared). */
  readonly setCookie?: string;
}

/**
 * Draws who joins a canary: a Weyl sequence (golden-ratio steps) from a random start, so that
 * at every point of any run the share is off by at most a few visitors (3.25 at worst over
 * 1,000, measured over 20,000 random starts; a fair coin drifts by 9 or more), while no visitor
 * can tell or steer where they fall.
 */
export class CanaryDraw {
  private count = 0;
  private readonly start = randomInt(1_000_000) / 1_000_000;

  joins(sharePercent: number): boolean {
    this.count += 1;
    const position = (this.start + this.count * 0.6180339887498949) % 1;
    return position < sharePercent / 100;
  }
}

const cookieOptions = (https: boolean, maxAge: number) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: https, maxAge }) as const;

/** The Set-Cookie that ends a preview (or any stale session value). */
export const clearedSession = (https: boolean) =>
  stringifySetCookie({ name: sessionCookie, value: '', ...cookieOptions(https, 0) });

/** The Set-Cookie that starts a preview, for as long as its link lasts. */
export const previewSession = (https: boolean, token: string, expires: number) =>
  stringifySetCookie({
    name: sessionCookie,
    value: `p.${token}`,
    ...cookieOptions(https, Math.max(0, expires - Math.floor(Date.now() / 1000))),
  });

/** The session cookie's value, if the request carries one. */
function sessionOf(req: http.IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  return parseCookie(header)[sessionCookie];
}

/** What a session cookie is read with: the preview key, the cohort key. */
interface SessionKeys {
  /** Reads a preview token with the server's key, for this site. */
  readonly preview: (token: string) => PreviewCheck;
  /** What cohort cookies are signed with. */
  readonly cohort: Buffer;
}

/**
 * Whether a request's session is served the lane of a set it names (a page asking for its
 * view's token): a canary's set needs that canary's signed canary cohort, a preview's a valid
 * preview; a live page anyone may have.
 */
export function holdsLane(
  req: http.IncomingMessage,
  set: { readonly lane: 'live' | 'canary' | 'preview'; readonly canary: string | null },
  keys: SessionKeys,
): boolean {
  if (set.lane === 'live') return true;
  const session = sessionOf(req);
  if (!session) return false;
  if (set.lane === 'preview') return session.startsWith('p.') && keys.preview(session.slice(2)).ok;
  return set.canary !== null && cohortOf(keys.cohort, session, set.canary) === 'c';
}

/**
 * The set a page request is served: a valid preview, else the visitor's cohort of the canary
 * running (drawn on their first page), else the live set.
 */
export function laneFor(
  req: http.IncomingMessage,
  canary: { readonly id: string; readonly share: number } | null,
  keys: SessionKeys,
  draw: CanaryDraw,
  https: boolean,
): LaneChoice {
  const session = sessionOf(req);
  if (session?.startsWith('p.')) {
    const reading = keys.preview(session.slice(2));
    if (reading.ok) return { lane: { kind: 'preview', preview: reading.preview } };
    // An ended or altered preview: the visitor goes on with the site everyone sees.
    if (!canary) return { lane: { kind: 'live' }, setCookie: clearedSession(https) };
  }
  if (!canary) return { lane: { kind: 'live' } };
  // A cohort this server signed for this canary; anything else (an earlier canary's, a value
  // written by hand) is drawn again.
  const cohort = session && cohortOf(keys.cohort, session, canary.id);
  if (cohort === 'c') return { lane: { kind: 'canary' } };
  if (cohort === 'l') return { lane: { kind: 'live' } };
  const joins = draw.joins(canary.share);
  return {
    lane: { kind: joins ? 'canary' : 'live' },
    setCookie: stringifySetCookie({
      name: sessionCookie,
      value: cohortValue(keys.cohort, joins ? 'c' : 'l', canary.id),
      ...cookieOptions(https, cohortSeconds),
    }),
  };
}
