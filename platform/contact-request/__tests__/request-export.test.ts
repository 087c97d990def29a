import { parse } from 'csv-parse/sync';
import { decodeContactRequest } from '../contact-request.cjs';
import { columns, toCsv, toExportRow, type ExportRow } from '../request-export.cjs';

const row = (fields: Partial<ExportRow>): ExportRow => ({
  ...toExportRow(decodeContactRequest('x', { name: 'Ada', phone: '1', email: 'a@b.co' })),
  ...fields,
});

describe('toCsv', () => {
  it('quotes every cell with a comma, quote or line break, so text round-trips', () => {
    const message = 'Line one, "quoted"\nline two\r\nline three';
    const csv = toCsv([row({ message })]);
    // A bare LF inside a cell is quoted too: spreadsheets end a record at an unquoted LF.
    expect(csv).toContain('"Line one, ""quoted""\nline two\r\nline three"');
    expect(parse(csv, { columns: true })).toEqual([expect.objectContaining({ message })]);
  });

  it('neutralises formulas and replaces control characters', () => {
    const csv = toCsv([row({ company: '=1+1', name: 'a\u001b[2Jb', message: ' @cmd' })], {
      bom: true,
    });
    expect(csv.startsWith(`\ufeff${columns.join(',')}\r\n`)).toBe(true);
    const [parsed] = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(parsed).toMatchObject({ company: "'=1+1", name: 'a\ufffd[2Jb', message: "' @cmd" });
  });
});

describe('toExportRow', () => {
  it('writes status, owner, note, history and where the request came from, in the columns order', () => {
    const at = (iso: string) => ({ toDate: () => new Date(iso) });
    const exported = toExportRow(
      decodeContactRequest('x', {
        name: 'Ada',
        status: 'won',
        owner: 'ada@firstday.studio',
        note: 'Budget agreed.\nStarts in May.',
        history: {
          c1001: {
            at: at('2026-02-02T09:00:00Z'),
            by: 'ada@firstday.studio',
            field: 'status',
            to: 'won',
          },
          c1000: {
            at: at('2026-02-01T09:00:00Z'),
            by: 'bo@firstday.studio',
            field: 'owner',
            to: 'ada@firstday.studio',
          },
        },
        utmSource: 'dribbble',
        utmCampaign: 'autumn',
        page: '/contact',
        language: 'en-GB',
      }),
    );
    expect(Object.keys(exported)).toEqual(columns);
    expect(exported).toMatchObject({
      status: 'won',
      owner: 'ada@firstday.studio',
      note: 'Budget agreed.\nStarts in May.',
      changedAt: '2026-02-02T09:00:00.000Z',
      changedBy: 'ada@firstday.studio',
      history:
        '2026-02-01T09:00:00.000Z bo@firstday.studio owner "ada@firstday.studio"\n' +
        '2026-02-02T09:00:00.000Z ada@firstday.studio status "won"',
      utmSource: 'dribbble',
      utmCampaign: 'autumn',
      page: '/contact',
      language: 'en-GB',
      referrer: '',
    });
  });

  it('reads an old answered request as replied, changed when it was answered', () => {
    const exported = toExportRow(
      decodeContactRequest('x', {
        status: 'answered',
        answeredAt: { toDate: () => new Date('2026-02-01T09:00:00Z') },
      }),
    );
    expect(exported).toMatchObject({
      status: 'replied',
      changedAt: '2026-02-01T09:00:00.000Z',
      changedBy: '',
      history: '2026-02-01T09:00:00.000Z ? status "replied"',
      owner: '',
      note: '',
    });
  });
});
