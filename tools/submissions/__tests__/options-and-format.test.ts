import { decodeContactRequest } from '../../../platform/contact-request/contact-request.cjs';
import { toExportRow, toJsonRecord } from '../../../platform/contact-request/request-export.cjs';
import format from '../format.cjs';
import options from '../options.cjs';

/** A row as the command exports it, from a stored document's fields. */
const exportRow = (fields: Record<string, unknown>) =>
  toExportRow(decodeContactRequest('x', fields));

describe('npmBannerInOutput', () => {
  it('is true only for npm run without --silent writing to a file or pipe', () => {
    const npm = { npm_lifecycle_event: 'submissions', npm_config_loglevel: 'notice' };
    expect(options.npmBannerInOutput(npm, false)).toBe(true);
    expect(options.npmBannerInOutput(npm, true)).toBe(false);
    expect(options.npmBannerInOutput({ ...npm, npm_config_loglevel: 'silent' }, false)).toBe(false);
    expect(options.npmBannerInOutput({}, false)).toBe(false);
    // Started by another script (npm test runs the CLI in a test): not this command's banner.
    expect(options.npmBannerInOutput({ ...npm, npm_lifecycle_event: 'test' }, false)).toBe(false);
  });
});

describe('parseOptions', () => {
  it('reads the local emulator of `npm start` by default', () => {
    expect(options.parseOptions([], {})).toEqual({
      format: 'table',
      since: undefined,
      out: undefined,
      target: { kind: 'emulator', host: '127.0.0.1', port: 8080, projectId: 'demo-firstday' },
      action: { kind: 'list' },
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

  it('reads --delete and --purge-before (with --yes) as actions', () => {
    expect(options.parseOptions(['--delete', 'Ab12'], {}).action).toEqual({
      kind: 'delete',
      id: 'Ab12',
    });
    expect(options.parseOptions(['--purge-before', '2024-11-01', '--yes'], {}).action).toEqual({
      kind: 'purge',
      before: new Date('2024-11-01T00:00:00Z'),
      yes: true,
    });
  });

  it.each([
    [['--format', 'xml']],
    [['--since', 'soon']],
    [['--emulator', 'nohost']],
    [['--unknown']],
    [['--purge-before', 'last year']],
    [['--purge-before', '2024-01-01', '--delete', 'a']],
    [['--delete', 'a', '--format', 'csv']],
    [['--delete', 'users/a']],
    [['--yes']],
  ])('refuses %j as a usage error', (argv) => {
    expect(() => options.parseOptions(argv, {})).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});

describe('formatting', () => {
  it.each([
    '=1+1',
    '+1',
    '-1',
    '@A1',
    '\tx',
    '\rx',
    ' =1+1',
    '  +1',
    '\u00a0-1',
    '\u200b@A1',
    '\n=1',
  ])('neutralises %j', (value) => {
    expect(format.neutralise(value)).toBe(`'${value}`);
  });

  it.each(['Ada', '1-2', 'a=b', "'quoted", '', ' Ada', 'x =1'])('leaves %j alone', (value) => {
    expect(format.neutralise(value)).toBe(value);
  });

  it('shows control characters and bidi overrides in the table as visible marks', () => {
    expect(format.printable('a\u001b[2Jb\u202ec\nd')).toBe('a�[2Jb�c ⏎ d');
  });

  it('keeps no control character in CSV, only tab and line breaks (a lone CR becomes LF)', () => {
    expect(format.withoutControls('a\u0000b\u001b[2Jc\u009bd\u202ee\u007ff')).toBe(
      'a\ufffdb\ufffd[2Jc\ufffdd\ufffde\ufffdf',
    );
    expect(format.withoutControls('tab\there\r\nline\nlone\rcr')).toBe(
      'tab\there\r\nline\nlone\ncr',
    );
    const csv = format.toCsv([exportRow({ name: ' =1+1', company: '\u001b]0;owned\u0007' })]);
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(csv).toContain("' =1+1");
  });

  it('escapes terminal controls in JSON, which reads back the exact values', () => {
    const row = toJsonRecord(
      decodeContactRequest('x', { name: 'a\u001b[31mb\u009bc\u202ed', message: 'line\u2028two' }),
    );
    const json = format.toJson([row]);
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028]/);
    expect(JSON.parse(json)).toEqual([row]);
  });

  it('says so when there is nothing to list', () => {
    expect(format.toTable([])).toBe('No submissions yet.\n');
  });
});
