import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { errors, footer, hero, navigation } from 'remote-shared/content';
import paths from '../../scripts/lib/paths.cjs';
import staticServer from '../../scripts/lib/static-server.cjs';
import {
  launchBrowser,
  openPage,
  ports,
  startSite,
  type Site,
  visit,
} from '../support/browser/site';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a remote that is down', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  });

  afterAll(async () => {
    await site?.close();
  });

  it('never blanks the site, and retry brings the page back without a reload', async () => {
    await site.stop('remote-home');
    const { page } = await openPage(browser);
    await visit(page, '/');

    await page.getByRole('heading', { name: errors.unavailableTitle }).waitFor();
    await page.getByRole('link', { name: navigation.logoLabel }).waitFor();
    await page.getByRole('heading', { name: footer.heading }).waitFor();
    // The chrome still works: the overlay opens and the contact page (another remote) loads.
    await page.getByRole('button', { name: navigation.menuLabel }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: errors.unavailableTitle }).waitFor();

    await site.start('remote-home');
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.getByRole('button', { name: errors.retryLabel }).click();
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.context().close();
  });
});

describe('remotes.json', () => {
  const copyPort = ports.shell + 10;
  let site: Site;
  let copy: { close: () => Promise<void> };
  let copyDir: string;

  beforeAll(async () => {
    // A copy of remote-home's build, served elsewhere, as a team deploying it on its own would.
    copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-home-copy-'));
    fs.cpSync(paths.distOf('remote-home'), copyDir, { recursive: true });
    copy = await staticServer.serveStatic({ dir: copyDir, port: copyPort, cors: true });
    site = await startSite({
      moved: { 'remote-home': `http://localhost:${copyPort}/mf-manifest.json` },
    });
    // The original location is gone, so only the copy can answer.
    await site.stop('remote-home');
  });

  afterAll(async () => {
    await site?.close();
    await copy?.close();
    fs.rmSync(copyDir, { recursive: true, force: true });
  });

  it('moves a remote with no shell rebuild', async () => {
    const { page, errors: pageErrors } = await openPage(browser);
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    await visit(page, '/');
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    await visit(page, '/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(hosts).toContain(`localhost:${copyPort}`);
    expect(hosts).not.toContain(`localhost:${ports['remote-home']}`);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
