import { readPreview, signPreview } from '../preview-token.cjs';

const secret = 'a-secret-for-the-tests';
const preview = {
  remotes: { 'remote-home': 'https://home.example/1.5.0+abc1234/mf-manifest.json' },
  releases: { 'remote-home': '1.5.0+abc1234' },
};
const now = Date.UTC(2026, 10, 24, 12);

describe('preview links', () => {
  it('reads back what was signed, until it expires', () => {
    const token = signPreview(secret, preview, 3600, now);
    expect(readPreview(secret, token, now + 3599_000)).toEqual({
      ok: true,
      preview: { ...preview, expires: now / 1000 + 3600 },
    });
    expect(readPreview(secret, token, now + 3600_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose payload or signature was changed, or signed with another key', () => {
    const token = signPreview(secret, preview, 3600, now);
    const [payload = '', signature = ''] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...preview, remotes: { 'remote-home': 'https://evil.example/x.json' } }),
    ).toString('base64url');
    expect(readPreview(secret, `${other}.${signature}`, now)).toEqual({
      ok: false,
      reason: 'altered',
    });
    const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(readPreview(secret, flipped, now)).toEqual({ ok: false, reason: 'altered' });
    expect(readPreview('another-secret-entirely', token, now)).toEqual({
      ok: false,
      reason: 'altered',
    });
  });

  it('refuses what is not a token at all', () => {
    for (const token of ['', 'abc', 'a.b.c', `${'x'.repeat(3000)}.y`, 'ä.ö'])
      expect(readPreview(secret, token, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a signed payload that names an unknown remote', () => {
    const token = signPreview(
      secret,
      { remotes: { 'remote-nope': 'https://x.example/' } as never, releases: {} },
      3600,
      now,
    );
    expect(readPreview(secret, token, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('will not sign with a short key or for too long', () => {
    expect(() => signPreview('short', preview, 3600, now)).toThrow(/at least/);
    expect(() => signPreview(secret, preview, 30 * 86_400, now)).toThrow(/lasts/);
  });
});
