import { parse } from 'csv-parse/sync';
import { decodeContactRequest } from '../../../../functions/shared/contact-request.cjs';
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
  it('writes status, answer time and where the request came from, in the columns order', () => {
    const exported = toExportRow(
      decodeContactRequest('x', {
        name: 'Ada',
        status: 'answered',
        answeredAt: { toDate: () => new Date('2026-02-01T09:00:00Z') },
        utmSource: 'dribbble',
        utmCampaign: 'autumn',
        page: '/contact',
        language: 'en-GB',
      }),
    );
    expect(Object.keys(exported)).toEqual(columns);
    expect(exported).toMatchObject({
      status: 'answered',
      answeredAt: '2026-02-01T09:00:00.000Z',
      utmSource: 'dribbble',
      utmCampaign: 'autumn',
      page: '/contact',
      language: 'en-GB',
      referrer: '',
    });
  });
});
