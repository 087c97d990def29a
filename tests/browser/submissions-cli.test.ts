import { parse } from 'csv-parse/sync';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { contactPage } from 'remote-shared/contact-content';
import { emulator, openPage, setUpSiteAndBrowser, visit } from '../support/browser/site';
import { clearEmulator } from '../support/emulators/firestore';

const run = promisify(execFile);
const cli = path.join(__dirname, '../../tools/submissions/submissions.mjs');

// A browser, a federated page and the emulator: seconds per test on a busy machine.
jest.setTimeout(30_000);

beforeAll(async () => {
  await clearEmulator(emulator.projectId);
});

const ctx = setUpSiteAndBrowser();
let page: Page;

beforeAll(async () => {
  ({ page } = await openPage(ctx.browser));
});

const visitor = {
  name: '=HYPERLINK("http://evil.example") Ada',
  phone: '442079460000',
  email: 'ada@example.com',
  company: 'Acme, "Quoted" & Co — شركة',
  message: 'Line one, with a comma\nLine "two" 日本語 🎨',
};

describe('staff read what visitors sent', () => {
  it('npm run submissions -- --format csv|json lists the request made in the browser', async () => {
    await visit(page, '/contact');
    await page.getByLabel(/^Name/).fill(visitor.name);
    await page.getByLabel(/^Phone/).fill(visitor.phone);
    await page.getByLabel(/^Email/).fill(visitor.email);
    await page.getByLabel(/^Company/).fill(visitor.company);
    await page.getByLabel(/^Message/).fill(visitor.message);
    await page.getByRole('button', { name: contactPage.submit }).click();
    await page.getByRole('dialog', { name: contactPage.thankYouTitle }).waitFor();

    const args = [cli, '--emulator', `${emulator.host}:${emulator.port}`];
    const csv = await run(process.execPath, [...args, '--format', 'csv'], { encoding: 'utf8' });
    const rows = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ...visitor,
      name: `'${visitor.name}`, // neutralised: a spreadsheet shows it as text, never runs it
    });

    const json = await run(process.execPath, [...args, '--format', 'json'], { encoding: 'utf8' });
    const [stored] = JSON.parse(json.stdout) as Array<Record<string, string>>;
    expect(stored).toMatchObject(visitor);
    expect(new Date(stored!.createdAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
