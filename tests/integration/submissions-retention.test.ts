import { columns } from '../../platform/contact-request/request-export.cjs';
import { parse } from 'csv-parse/sync';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import paths from '../../tools/stack/paths.cjs';
import { clearEmulator, emulatorAddress } from '../support/emulators/firestore';
import { collections } from '../../platform/contact-request/contact-schema.cjs';

/**
 * `npm run submissions` as staff run it, against the Firestore emulator: deleting one request,
 * purging those past retention (with a confirmation), and output that is clean whichever way
 * it is run.
 */

const run = promisify(execFile);
const cli = path.join(paths.repoRoot, 'tools/submissions/submissions.mjs');
const projectId = 'demo-retention-test';
const emulator = emulatorAddress();
const target = ['--emulator', `${emulator.host}:${emulator.port}`, '--project', projectId];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let admin: App;
let db: Firestore;

const requests = {
  ancient: '2023-06-01T10:00:00.000Z',
  old: '2024-10-31T23:59:59.000Z',
  recent: '2025-02-01T08:00:00.000Z',
  hostile: '2026-03-01T12:00:00.000Z',
};

async function seed() {
  await clearEmulator(projectId);
  for (const [id, createdAt] of Object.entries(requests)) {
    await db.doc(`users/${id}`).set({
      name: id === 'hostile' ? ' =HYPERLINK("http://evil.example")' : `Person ${id}`,
      phone: '123',
      email: `${id}@example.com`,
      company: id === 'hostile' ? 'Evil\u001b]0;owned\u0007\u0000Corp' : 'Studio',
      message: id === 'hostile' ? 'a\u009b31mred\rover' : '',
      createdAt: Timestamp.fromDate(new Date(createdAt)),
    });
  }
}

async function remaining() {
  return (await db.collection(collections.requests).get()).docs.map((doc) => doc.id).sort();
}

const submissions = (...args: string[]) =>
  run(process.execPath, [cli, ...target, ...args], { encoding: 'utf8' });

beforeAll(() => {
  admin = initializeApp({ projectId }, 'submissions-retention-test');
  db = getFirestore(admin);
});

beforeEach(seed);

afterAll(() => deleteApp(admin));

describe('--delete ID', () => {
  it('removes that request and nothing else', async () => {
    const { stdout } = await submissions('--delete', 'recent');
    expect(stdout).toMatch(/Deleted request recent \(Person recent, received 2025-02-01T08:00/);
    expect(await remaining()).toEqual(['ancient', 'hostile', 'old']);
  });

  it('says so when there is no such request', async () => {
    await expect(submissions('--delete', 'nobody')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is no request with the id "nobody"'),
    });
  });
});

describe('--purge-before DATE', () => {
  it('refuses without a terminal to ask and without --yes, and deletes nothing', async () => {
    await expect(submissions('--purge-before', '2024-11-01')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/2 requests received before 2024-11-01[\s\S]*--yes/),
    });
    expect(await remaining()).toEqual(['ancient', 'hostile', 'old', 'recent']);
  });

  it('deletes exactly the older requests with --yes', async () => {
    const { stdout, stderr } = await submissions('--purge-before', '2024-11-01', '--yes');
    expect(stderr).toContain('2 requests received before 2024-11-01T00:00:00.000Z will be deleted');
    expect(stdout).toContain('Deleted 2 requests.');
    expect(await remaining()).toEqual(['hostile', 'recent']);
  });

  it('has nothing to do when nothing is that old', async () => {
    const { stdout } = await submissions('--purge-before', '2020-01-01');
    expect(stdout).toContain('nothing deleted');
    expect(await remaining()).toHaveLength(4);
  });

  /** Runs the command on a pseudo-terminal (util-linux `script`) and answers its question. */
  async function onTerminal(answer: string) {
    const command = [process.execPath, cli, ...target, '--purge-before', '2024-11-01']
      .map((arg) => `'${arg}'`)
      .join(' ');
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Type "yes" to confirm')) child.stdin.end(`${answer}\n`);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output };
  }

  it('asks on a terminal and deletes only after "yes"', async () => {
    const declined = await onTerminal('no');
    expect(declined.output).toContain('2 requests received before');
    expect(declined.output).toContain('Nothing deleted.');
    expect(declined.code).toBe(1);
    expect(await remaining()).toHaveLength(4);

    const confirmed = await onTerminal('yes');
    expect(confirmed.output).toContain('Deleted 2 requests.');
    expect(confirmed.code).toBe(0);
    expect(await remaining()).toEqual(['hostile', 'recent']);
  });
});

describe('clean output', () => {
  // eslint-disable-next-line no-control-regex -- looking for control characters
  const controlBytes = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

  it('keeps control characters out of CSV and neutralises formulas after spaces', async () => {
    const { stdout } = await submissions('--format', 'csv');
    expect(stdout).not.toMatch(controlBytes);
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    const hostile = rows.find((row) => row.id === 'hostile')!;
    expect(hostile.name).toBe('\' =HYPERLINK("http://evil.example")');
    expect(hostile.company).toBe('Evil\ufffd]0;owned\ufffd\ufffdCorp');
    expect(hostile.message).toBe('a\ufffd31mred\nover');
  });

  it('keeps control characters out of JSON on the terminal, with the exact values', async () => {
    const { stdout } = await submissions('--format', 'json');
    expect(stdout).not.toMatch(controlBytes);
    const hostile = (JSON.parse(stdout) as Array<Record<string, string>>).find(
      (row) => row.id === 'hostile',
    )!;
    expect(hostile.company).toBe('Evil\u001b]0;owned\u0007\u0000Corp');
  });

  const npmRun = (...args: string[]) =>
    run(npm, args, { cwd: paths.repoRoot, encoding: 'utf8', env: { ...process.env } });

  it('refuses to mix npm’s banner into redirected CSV, and says how to get it clean', async () => {
    await expect(
      npmRun('run', 'submissions', '--', ...target, '--format', 'csv'),
    ).rejects.toMatchObject({
      code: 2,
      stdout: expect.not.stringContaining('createdAt,'),
      stderr: expect.stringMatching(/--out FILE[\s\S]*npm run -s submissions/),
    });
  });

  it('prints clean CSV with npm run -s, and writes a clean file with --out under plain npm run', async () => {
    const silent = await npmRun('run', '-s', 'submissions', '--', ...target, '--format', 'csv');
    expect(silent.stdout.split('\r\n')[0]).toBe(columns.join(','));

    const dir = mkdtempSync(path.join(tmpdir(), 'submissions-npm-'));
    try {
      const file = path.join(dir, 'requests.csv');
      await npmRun('run', 'submissions', '--', ...target, '--format', 'csv', '--out', file);
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith('\ufeffcreatedAt,name,')).toBe(true);
      expect(parse(text, { columns: true, bom: true })).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
