import { columns } from '../../platform/contact-request/request-export.cjs';
import { parse } from 'csv-parse/sync';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { clearEmulator, emulatorAddress } from '../support/emulators/firestore';
import { deadPort } from '../support/servers/unanswering-servers';

const run = promisify(execFile);
const cli = path.join(__dirname, '../../tools/submissions/submissions.mjs');
const projectId = 'demo-cli-test';
const emulator = emulatorAddress();
const address = `${emulator.host}:${emulator.port}`;

let admin: App;
let db: Firestore;

const requests = [
  {
    id: 'oldest',
    createdAt: '2026-01-10T09:00:00.000Z',
    name: 'Ada Lovelace',
    phone: '442079460000',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    message: '',
  },
  {
    id: 'hostile',
    createdAt: '2026-02-20T12:30:00.000Z',
    name: '=HYPERLINK("http://evil.example","click")',
    phone: '15550100',
    email: 'mallory@example.com',
    company: "+cmd|' /C calc'!A0",
    message: '-2+3\n"Quoted", with, commas\r\nand a second line',
  },
  {
    id: 'newest',
    createdAt: '2026-03-05T18:45:00.000Z',
    name: '@sum(1,2)',
    phone: '0049301234567',
    email: 'yuki@example.jp',
    company: '\tTabbed شركة 日本語 🎨',
    message: 'Привет, мир — שלום \u001b[31mred\u001b[0m',
  },
];

async function submissions(...args: string[]) {
  return run(process.execPath, [cli, '--emulator', address, '--project', projectId, ...args], {
    encoding: 'utf8',
  });
}

beforeAll(async () => {
  admin = initializeApp({ projectId }, 'submissions-cli-test');
  db = getFirestore(admin);
  await clearEmulator(projectId);
  for (const { id, createdAt, ...fields } of requests) {
    await db
      .doc(`users/${id}`)
      .set({ ...fields, createdAt: Timestamp.fromDate(new Date(createdAt)) });
  }
});

afterAll(() => deleteApp(admin));

/** A request as exported: the columns it was stored without are empty, its status new. */
const exported = (request: (typeof requests)[number]) => ({
  ...Object.fromEntries(columns.map((column) => [column, ''])),
  status: 'new',
  ...request,
});

describe('npm run submissions', () => {
  it('prints JSON newest first with every value exact', async () => {
    const { stdout } = await submissions('--format', 'json');
    // JSON keeps the history as an array and spam as a boolean (CSV writes them as text).
    expect(JSON.parse(stdout)).toEqual(
      [...requests]
        .reverse()
        .map((request) => ({ ...exported(request), history: [], spam: false, spamReasons: [] })),
    );
  });

  it('prints RFC 4180 CSV that round-trips commas, quotes, newlines and non-Latin text', async () => {
    const { stdout } = await submissions('--format', 'csv');
    expect(stdout.charCodeAt(0)).not.toBe(0xfeff); // no BOM on stdout: it is for pipes
    expect(stdout.split('\r\n')[0]).toBe(columns.join(','));
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id)).toEqual(['newest', 'hostile', 'oldest']);
    expect(rows[2]).toEqual(exported(requests[0]!));
    expect(rows[1]!.message).toBe('\'-2+3\n"Quoted", with, commas\r\nand a second line');
    // Terminal escapes never reach the file or terminal: ESC is shown as U+FFFD.
    expect(rows[0]!.message).toBe(requests[2]!.message.replaceAll('\u001b', '\ufffd'));
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { stdout } = await submissions('--format', 'csv');
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    const hostile = rows.find((row) => row.id === 'hostile')!;
    const newest = rows.find((row) => row.id === 'newest')!;
    expect(hostile.name).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(hostile.company).toBe("'+cmd|' /C calc'!A0");
    expect(hostile.message).toMatch(/^'-/);
    expect(newest.name).toBe("'@sum(1,2)");
    expect(newest.company).toBe("'\tTabbed شركة 日本語 🎨");
    // Nothing else is touched.
    expect(hostile.email).toBe('mallory@example.com');
    for (const row of rows) expect(row.name).toMatch(/^[^=+\-@\t\r]/);
  });

  it("writes a lead's status, owner, note and history, and reads an old answered request as replied", async () => {
    const at = (iso: string) => Timestamp.fromDate(new Date(iso));
    await db
      .doc('users/oldest')
      .update({ status: 'answered', answeredAt: at('2026-01-11T09:00:00Z') });
    await db.doc('users/newest').update({
      status: 'in-talks',
      owner: 'ada@firstday.studio',
      note: 'Budget agreed.\nStarts in May.',
      history: {
        c1000: {
          at: at('2026-03-06T10:00:00Z'),
          by: 'bo@firstday.studio',
          field: 'owner',
          to: 'ada@firstday.studio',
        },
        c1001: {
          at: at('2026-03-07T10:00:00Z'),
          by: 'ada@firstday.studio',
          field: 'status',
          to: 'in-talks',
        },
      },
    });
    try {
      const json = JSON.parse((await submissions('--format', 'json')).stdout) as Record<
        string,
        string
      >[];
      const csv = parse((await submissions('--format', 'csv')).stdout, { columns: true }) as Record<
        string,
        string
      >[];
      expect(json.find((row) => row.id === 'newest')?.history).toMatchObject([
        { at: '2026-03-06T10:00:00.000Z', by: 'bo@firstday.studio', field: 'owner' },
        { at: '2026-03-07T10:00:00.000Z', by: 'ada@firstday.studio', to: 'in-talks' },
      ]);
      expect(csv.find((row) => row.id === 'newest')?.history).toBe(
        '2026-03-06T10:00:00.000Z bo@firstday.studio owner "ada@firstday.studio"\n' +
          '2026-03-07T10:00:00.000Z ada@firstday.studio status "in-talks"',
      );
      for (const rows of [json, csv]) {
        expect(rows.find((row) => row.id === 'newest')).toMatchObject({
          status: 'in-talks',
          owner: 'ada@firstday.studio',
          note: 'Budget agreed.\nStarts in May.',
          changedAt: '2026-03-07T10:00:00.000Z',
          changedBy: 'ada@firstday.studio',
        });
        expect(rows.find((row) => row.id === 'oldest')).toMatchObject({
          status: 'replied',
          changedAt: '2026-01-11T09:00:00.000Z',
        });
      }
      const table = (await submissions()).stdout;
      expect(table).toMatch(/in-talks\s+ada@firstday\.studio\s+Budget agreed/);
      expect(table).toContain('replied');
    } finally {
      for (const { id, createdAt, ...fields } of requests.filter((r) => r.id !== 'hostile')) {
        await db
          .doc(`users/${id}`)
          .set({ ...fields, createdAt: Timestamp.fromDate(new Date(createdAt)) });
      }
    }
  });

  it('filters with --since', async () => {
    const { stdout } = await submissions('--format', 'json', '--since', '2026-02-01');
    expect((JSON.parse(stdout) as { id: string }[]).map((row) => row.id)).toEqual([
      'newest',
      'hostile',
    ]);
  });

  it('writes a file with --out (CSV with a BOM, for Excel)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'submissions-'));
    try {
      const file = path.join(dir, 'export.csv');
      const { stdout, stderr } = await submissions('--format', 'csv', '--out', file);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/Wrote 3 submission/);
      const text = readFileSync(file, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[];
      expect(rows).toHaveLength(3);
      expect(rows[0]!.company).toContain('شركة 日本語 🎨');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a readable table that visitors’ text cannot steer', async () => {
    const { stdout } = await submissions();
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(
      /^Received\s+Name\s+Company\s+Email\s+Phone\s+Status\s+Owner\s+Note\s+Campaign\s+Message$/,
    );
    expect(lines[2]).toContain('2026-03-05 18:45 UTC');
    expect(lines[4]).toContain('Ada Lovelace');
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toContain('3 submissions, newest first');
  });

  it('says clearly when no emulator answers', async () => {
    const port = await deadPort();
    const failure = run(process.execPath, [cli, '--emulator', `127.0.0.1:${port}`], {
      encoding: 'utf8',
    });
    await expect(failure).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`No Firestore emulator answers at 127.0.0.1:${port}`),
    });
    await expect(failure).rejects.toMatchObject({
      stderr: expect.stringContaining('npm start'),
    });
  });

  it('refuses unknown formats and bad dates as usage errors', async () => {
    await expect(submissions('--format', 'xml')).rejects.toMatchObject({ code: 2 });
    await expect(submissions('--since', 'last tuesday')).rejects.toMatchObject({ code: 2 });
  });
});
