import { parse } from 'csv-parse/sync';
import { toCsv, type ExportRow } from '../request-export.cjs';

const row = (fields: Partial<ExportRow>): ExportRow => ({
  id: 'x',
  createdAt: '2026-01-31T10:00:00.000Z',
  name: 'Ada',
  phone: '1',
  email: 'a@b.co',
  company: 'C',
  message: '',
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
    expect(csv.startsWith('\ufeffcreatedAt,name,phone,email,company,message,id\r\n')).toBe(true);
    const [parsed] = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(parsed).toMatchObject({ company: "'=1+1", name: 'a\ufffd[2Jb', message: "' @cmd" });
  });
});
