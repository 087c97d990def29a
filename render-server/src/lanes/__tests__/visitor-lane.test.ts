import type http from 'node:http';
import { CanaryDraw, laneFor } from '../visitor-lane';
import { signPreview } from '../../../../platform/releases/preview-token.cjs';

const secret = 'a-secret-for-the-tests';
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
    expect(laneFor(request('__session=c.abcdef12'), canary, secret, draw, false)).toEqual({
      lane: { kind: 'canary' },
    });
    expect(laneFor(request('a=1; __session=l.abcdef12'), canary, secret, draw, false)).toEqual({
      lane: { kind: 'live' },
    });
    // A cohort of an earlier canary is drawn again, with a cookie for this one.
    const redrawn = laneFor(request('__session=c.00000000'), canary, secret, draw, true);
    expect(redrawn.setCookie).toMatch(
      /^__session=[cl]\.abcdef12; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('serves the live set without a cookie when no canary runs', () => {
    expect(laneFor(request('__session=c.abcdef12'), null, secret, new CanaryDraw(), false)).toEqual(
      { lane: { kind: 'live' } },
    );
  });

  it('serves a valid preview, and clears one that is not', () => {
    const token = signPreview(
      secret,
      { remotes: { 'remote-home': 'http://x.example/m.json' }, releases: {} },
      600,
    );
    const lane = laneFor(request(`__session=p.${token}`), canary, secret, new CanaryDraw(), false);
    expect(lane.lane.kind).toBe('preview');
    const altered = laneFor(
      request(`__session=p.${token}x`),
      null,
      secret,
      new CanaryDraw(),
      false,
    );
    expect(altered).toEqual({
      lane: { kind: 'live' },
      setCookie: '__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    });
    // Without a key on the server, no preview is served.
    expect(
      laneFor(request(`__session=p.${token}`), null, undefined, new CanaryDraw(), false).lane,
    ).toEqual({ kind: 'live' });
  });
});
