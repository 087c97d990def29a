import format from '../format.cjs';
import options from '../options.cjs';

describe('parseOptions', () => {
  it('reads the local emulator of `npm start` by default', () => {
    expect(options.parseOptions([], {})).toEqual({
      format: 'table',
      since: undefined,
      out: undefined,
      target: { kind: 'emulator', host: '127.0.0.1', port: 8080, projectId: 'demo-firstday' },
      help: false,
    });
  });

  it('follows FIRESTORE_EMULATOR_HOST, and --emulator over it', () => {
    expect(
      options.parseOptions([], { FIRESTORE_EMULATOR_HOST: 'localhost:9000' }).target,
    ).toMatchObject({
      host: 'localhost',
      port: 9000,
    });
    expect(
      options.parseOptions(['--emulator', '127.0.0.1:8390'], { FIRESTORE_EMULATOR_HOST: 'x:1' })
        .target,
    ).toMatchObject({ kind: 'emulator', port: 8390 });
  });

  it('reads a real project with --project alone', () => {
    expect(options.parseOptions(['--project', 'firstday-prod'], {}).target).toEqual({
      kind: 'project',
      projectId: 'firstday-prod',
    });
  });

  it('takes a bare date as midnight UTC', () => {
    expect(options.parseOptions(['--since', '2026-01-31'], {}).since?.toISOString()).toBe(
      '2026-01-31T00:00:00.000Z',
    );
  });

  it.each([
    [['--format', 'xml']],
    [['--since', 'soon']],
    [['--emulator', 'nohost']],
    [['--unknown']],
  ])('refuses %j as a usage error', (argv) => {
    expect(() => options.parseOptions(argv, {})).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});

describe('formatting', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(format.neutralise(value)).toBe(`'${value}`);
  });

  it.each(['Ada', '1-2', 'a=b', "'quoted", ''])('leaves %j alone', (value) => {
    expect(format.neutralise(value)).toBe(value);
  });

  it('shows control characters and bidi overrides in the table as visible marks', () => {
    expect(format.printable('a\u001b[2Jb\u202ec\nd')).toBe('a�[2Jb�c ⏎ d');
  });

  it('says so when there is nothing to list', () => {
    expect(format.toTable([])).toBe('No submissions yet.\n');
  });
});
