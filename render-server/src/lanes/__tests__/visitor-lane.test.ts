import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { CanaryDraw, holdsLane, laneFor } from '../visitor-lane';
import { cohortValue } from '../../../../platform/releases/cohort-cookie.cjs';
import { readPreviewHere } from '../preview-reading';
import { previewKeyOf, signPreview } from '../../../../platform/releases/preview-token.cjs';

const secret = 'a-secret-for-the-tests-of-32-bytes-or-more';
const siteOrigin = 'https://firstday.studio';
const cohortKey = randomBytes(32);
const keysOf = (previewSecret: string | undefined) => ({
  preview: (token: string) =>
    readPreviewHere(
      {
        previewKey: previewSecret === undefined ? undefined : previewKeyOf(previewSecret),
        devKey: false,
        siteOrigin,
        local: false,
      },
      token,
    ),
  cohort: cohortKey,
});
const keys = keysOf(secret);
const signed = (cohort: 'c' | 'l', id: string) => cohortValue(cohortKey, cohort, id);
const request = (cookie?: string) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as http.IncomingMessage;
const canary = { id: 'abcdef12', share: 10 };

describe('which set a visitor is served', () => {
  it('draws a share of first visits into the canary, within a few visitors of it at every point of a run', () => {
    for (const share of [1, 10, 25, 50]) {
      const draw = new CanaryDraw();
      let joined = 0;
      for (let visit = 1; visit <= 1000; visit++) {
        if (draw.joins(share)) joined += 1;
        expect(Math.abs(joined - (visit * share) / 100)).toBeLessThan(4);
      }
    }
  });

  it('keeps a visitor in the cohort their cookie names, and draws anyone else', () => {
    const draw = new CanaryDraw();
    expect(
      laneFor(request(`__session=${signed('c', 'abcdef12')}`), canary, keys, draw, false),
    ).toEqual({ lane: { kind: 'canary' } });
    expect(
      laneFor(request(`a=1; __session=${signed('l', 'abcdef12')}`), canary, keys, draw, false),
    ).toEqual({ lane: { kind: 'live' } });
    // A cohort of an earlier canary is drawn again, with a cookie for this one.
    const redrawn = laneFor(
      request(`__session=${signed('c', '00000000')}`),
      canary,
      keys,
      draw,
      true,
    );
    expect(redrawn.setCookie).toMatch(
      /^__session=[cl]\.abcdef12\.[\w-]{22}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('does not put a visitor who writes the canary cookie by hand in the canary', () => {
    // Every visitor's own cookie names the canary's id: writing `c.<id>` must not choose it.
    const draw = new CanaryDraw();
    const onePercent = { id: 'abcdef12', share: 1 };
    const forged = [
      'c.abcdef12',
      `c.abcdef12.${'A'.repeat(22)}`,
      `c.abcdef12.${signed('l', 'abcdef12').split('.')[2]}`,
      cohortValue(randomBytes(32), 'c', 'abcdef12'),
    ];
    let inCanary = 0;
    for (const value of forged)
      for (let visit = 0; visit < 25; visit++) {
        const choice = laneFor(request(`__session=${value}`), onePercent, keys, draw, false);
        // Drawn again, as a first visit is: with a cookie this server signed.
        expect(choice.setCookie).toMatch(/^__session=[cl]\.abcdef12\.[\w-]{22};/);
        if (choice.lane.kind === 'canary') inCanary += 1;
      }
    // 1 % of 100 draws.
    expect(inCanary).toBeLessThanOrEqual(2);
  });

  it('serves the live set without a cookie when no canary runs', () => {
    expect(
      laneFor(request(`__session=${signed('c', 'abcdef12')}`), null, keys, new CanaryDraw(), false),
    ).toEqual({ lane: { kind: 'live' } });
  });

  it('serves a valid preview, and clears one that is not', () => {
    const token = signPreview(
      secret,
      { releases: { 'remote-home': '1.2.0+abc1234' }, audience: siteOrigin },
      600,
    );
    const lane = laneFor(request(`__session=p.${token}`), canary, keys, new CanaryDraw(), false);
    expect(lane.lane.kind).toBe('preview');
    const altered = laneFor(request(`__session=p.${token}x`), null, keys, new CanaryDraw(), false);
    expect(altered).toEqual({
      lane: { kind: 'live' },
      setCookie: '__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    });
    // Without a key on the server, no preview is served.
    expect(
      laneFor(request(`__session=p.${token}`), null, keysOf(undefined), new CanaryDraw(), false)
        .lane,
    ).toEqual({ kind: 'live' });
  });
});

describe('who may have a page view token of a set', () => {
  const canarySet = { lane: 'canary', canary: 'abcdef12' } as const;
  it("gives a canary set's token only to that canary's signed canary cohort", () => {
    expect(holdsLane(request(`__session=${signed('c', 'abcdef12')}`), canarySet, keys)).toBe(true);
    for (const cookie of [
      undefined,
      `__session=${signed('l', 'abcdef12')}`,
      `__session=${signed('c', '00000000')}`,
      '__session=c.abcdef12.written-by-hand-xxxxxxx',
    ])
      expect(holdsLane(request(cookie), canarySet, keys)).toBe(false);
  });

  it("gives a live set's token to anyone, a preview's only with a valid preview", () => {
    expect(holdsLane(request(), { lane: 'live', canary: null }, keys)).toBe(true);
    const preview = { lane: 'preview', canary: null } as const;
    const token = signPreview(
      secret,
      { releases: { 'remote-home': '1.0.0' }, audience: siteOrigin },
      3600,
    );
    expect(holdsLane(request(`__session=p.${token}`), preview, keys)).toBe(true);
    expect(holdsLane(request(`__session=p.${token}x`), preview, keys)).toBe(false);
    expect(holdsLane(request(), preview, keys)).toBe(false);
  });
});
