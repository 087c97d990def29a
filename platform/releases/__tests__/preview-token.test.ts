import {
  keyProblem,
  localPreviewSecret,
  newKey,
  previewKeyOf,
  readPreview,
  signPreview,
} from '../preview-token.cjs';
import { createHash, createHmac } from 'node:crypto';

const secret = 'a-secret-for-the-tests-of-32-bytes-or-more';
const site = 'https://firstday.studio';
const forSite = (origin: string) => origin === site;
const preview = { releases: { 'remote-home': '1.5.0+abc1234' }, audience: site };
const now = Date.UTC(2026, 10, 24, 12);

/** A token as a key holder could write one by hand, around the signing tool's checks. */
function handMade(body: Record<string, unknown>, secretUsed = secret): string {
  const key = previewKeyOf(secretUsed);
  const kid = createHash('sha256')
    .update('first-day preview key id\0')
    .update(key)
    .digest('base64url')
    .slice(0, 8);
  const payload = Buffer.from(JSON.stringify({ kid, ...body })).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}
/** The server's key: derived from the secret, as the render server derives it. */
const key = previewKeyOf(secret);
const iat = now / 1000;

describe('preview links', () => {
  it('read back the releases signed, with issued-at and audience, until they expire', () => {
    const token = signPreview(secret, preview, 3600, now);
    expect(readPreview(key, token, forSite, now + 3599_000)).toEqual({
      ok: true,
      preview: { releases: preview.releases, issuedAt: iat, expires: iat + 3600, audience: site },
    });
    expect(readPreview(key, token, forSite, now + 3600_000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuse a token whose payload or signature was changed, or signed with another key', () => {
    const token = signPreview(secret, preview, 3600, now);
    const [payload = '', signature = ''] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: 1e9 }),
    ).toString('base64url');
    expect(readPreview(key, `${other}.${signature}`, forSite, now)).toEqual({
      ok: false,
      reason: 'altered',
    });
    const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(readPreview(key, flipped, forSite, now)).toEqual({ ok: false, reason: 'altered' });
    expect(readPreview(previewKeyOf(`${secret}-rotated`), token, forSite, now)).toEqual({
      ok: false,
      reason: 'altered',
    });
  });

  it('never name code by URL: a signed token with a URL or a path for a version is refused', () => {
    for (const version of [
      'https://evil.example/mf-manifest.json',
      'http://169.254.169.254/latest',
      'file:///etc/passwd',
      '../../evil',
      '1.0.0/../../x',
    ])
      expect(
        readPreview(
          key,
          handMade({ releases: { 'remote-home': version }, iat, exp: iat + 60, aud: site }),
          forSite,
          now,
        ),
      ).toEqual({ ok: false, reason: 'malformed' });
    // The old form, manifest URLs under `remotes`, names no release at all.
    const old = handMade({
      remotes: { 'remote-home': 'https://evil.example/mf-manifest.json' },
      releases: {},
      iat,
      exp: iat + 60,
      aud: site,
    });
    expect(readPreview(key, old, forSite, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(() =>
      signPreview(secret, { releases: { 'remote-home': 'https://evil.example/' }, audience: site }, 60, now),
    ).toThrow(/app@version/);
  });

  it('refuse a lifetime over 7 days, a time from the future and an absurd expiry, cleanly', () => {
    const tenYears = handMade({ ...preview, iat, exp: iat + 10 * 365 * 86_400, aud: site });
    expect(readPreview(key, tenYears, forSite, now)).toEqual({ ok: false, reason: 'malformed' });
    const huge = handMade({ ...preview, iat, exp: 1e308, aud: site });
    expect(readPreview(key, huge, forSite, now)).toEqual({ ok: false, reason: 'malformed' });
    const future = handMade({ ...preview, iat: iat + 3600, exp: iat + 7200, aud: site });
    expect(readPreview(key, future, forSite, now)).toEqual({ ok: false, reason: 'malformed' });
    // Within the clock skew a signer's clock may run ahead.
    const skewed = handMade({ ...preview, iat: iat + 30, exp: iat + 3600, aud: site });
    expect(readPreview(key, skewed, forSite, now).ok).toBe(true);
    const exactlySeven = handMade({ ...preview, iat, exp: iat + 7 * 86_400, aud: site });
    expect(readPreview(key, exactlySeven, forSite, now).ok).toBe(true);
  });

  it('refuse a link made for another site, and a token without a key id or issued-at', () => {
    const staging = signPreview(secret, { ...preview, audience: 'https://staging.example' }, 600, now);
    expect(readPreview(key, staging, forSite, now)).toEqual({ ok: false, reason: 'elsewhere' });
    expect(
      readPreview(key, handMade({ ...preview, exp: iat + 60, aud: site }), forSite, now),
    ).toEqual({ ok: false, reason: 'malformed' });
    expect(
      readPreview(key, handMade({ ...preview, iat, exp: iat + 60, aud: site, kid: 'other' }), forSite, now),
    ).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuse what is not a token at all', () => {
    for (const token of ['', 'abc', 'a.b.c', `${'x'.repeat(3000)}.y`, 'ä.ö'])
      expect(readPreview(key, token, forSite, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuse a signed payload that names an unknown remote', () => {
    const token = handMade({ releases: { 'remote-nope': '1.0.0' }, iat, exp: iat + 60, aud: site });
    expect(readPreview(key, token, forSite, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('will not sign with a short key or for too long', () => {
    expect(() => signPreview('short', preview, 3600, now)).toThrow(/at least/);
    expect(() => signPreview(secret, preview, 30 * 86_400, now)).toThrow(/lasts/);
  });

  it('take the development key on this machine only, and no short key anywhere else', () => {
    expect(keyProblem(localPreviewSecret, true)).toBeNull();
    expect(keyProblem(localPreviewSecret, false)).toMatch(/development key/);
    expect(keyProblem(undefined, false)).toMatch(/not set/);
    expect(keyProblem('a'.repeat(16), false)).toMatch(/at least 32 bytes/);
    expect(keyProblem('a'.repeat(31), false)).toMatch(/at least 32 bytes/);
    expect(keyProblem(secret, false)).toBeNull();
  });

  it('refuse a guessable key of any length: a repeated character, a short alphabet, a pattern, a run', () => {
    for (const key of [
      'a'.repeat(32),
      'a'.repeat(200),
      'ab'.repeat(32),
      '01'.repeat(40),
      '0123456789abcdef'.repeat(2),
      'abcdefghijklmnopqrstuvwxyzabcdefghij',
      'passwordpasswordpasswordpassword',
    ])
      expect(keyProblem(key, false)).toMatch(/guessable.*npm run preview -- --new-key/);
  });

  it('take every key the key command makes (a thousand of them)', () => {
    for (let index = 0; index < 1000; index++) expect(keyProblem(newKey(), false)).toBeNull();
  });
});
