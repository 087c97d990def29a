import { canaryShareAt, parseCanary } from '../remotes-json.cjs';

const live = {
  'remote-home': 'https://home.example/1.0.0/mf-manifest.json',
  'remote-contact': 'https://contact.example/1.0.0/mf-manifest.json',
  'remote-shared': 'https://shared.example/1.0.0/mf-manifest.json',
};
const canary = {
  id: 'abcdef12',
  share: 10,
  startedAt: '2026-11-24T12:00:00.000Z',
  remotes: { 'remote-home': 'https://home.example/1.1.0/mf-manifest.json' },
  releases: { 'remote-home': '1.1.0', 'remote-contact': 'not in the canary' },
};

describe('the canary in remotes.json', () => {
  it('is none when remotes.json has no canary entry', () => {
    expect(parseCanary(live)).toBeNull();
  });

  it('reads a canary, keeping only the releases of the remotes it changes', () => {
    expect(parseCanary({ ...live, canary })).toEqual({
      ...canary,
      releases: { 'remote-home': '1.1.0' },
    });
  });

  it.each([
    ['an id that is not hex', { id: 'x' }, /id/],
    ['a share over 50 %', { share: 80 }, /share/],
    ['a share that is not whole', { share: 2.5 }, /share/],
    ['no start time', { startedAt: 'soon' }, /startedAt/],
    ['an unknown remote', { remotes: { 'remote-nope': 'https://x.example/' } }, /unknown remote/],
    ['a URL that is not http(s)', { remotes: { 'remote-home': 'file:///etc/passwd' } }, /http/],
    ['no remote at all', { remotes: {} }, /names no remote/],
    ['a widening to a smaller share', { widen: { share: 5, at: canary.startedAt } }, /widen.share/],
    ['a widening past 50 %', { widen: { share: 60, at: canary.startedAt } }, /widen.share/],
    ['a widening with no time', { widen: { share: 25, at: 'later' } }, /widen.at/],
    ['a widening that is not an object', { widen: 25 }, /widen.share/],
  ])('refuses %s', (_, change, message) => {
    expect(() => parseCanary({ ...live, canary: { ...canary, ...change } })).toThrow(message);
  });

  it("draws new visitors at a staged canary's wider share from its time on", () => {
    const widen = { share: 25, at: '2026-11-24T12:30:00.000Z' };
    const staged = parseCanary({ ...live, canary: { ...canary, widen } });
    expect(staged?.widen).toEqual(widen);
    expect(canaryShareAt(staged!, Date.parse('2026-11-24T12:29:59.999Z'))).toBe(10);
    expect(canaryShareAt(staged!, Date.parse(widen.at))).toBe(25);
    expect(canaryShareAt(parseCanary({ ...live, canary })!, Date.parse('2026-11-25'))).toBe(10);
  });
});
