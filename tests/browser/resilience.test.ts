import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errors, footer, hero, navigation } from 'remote-shared/content';
import paths from '../../tools/stack/paths.cjs';
import staticServer from '../../tools/stack/static-server.cjs';
import {
  openPage,
  ports,
  setUpBrowser,
  setUpSite,
  siteUrl,
  startSite,
  visit,
} from '../support/browser/site';
import { startDroppingProxy } from '../support/servers/unanswering-servers';

const chromium = setUpBrowser();

describe('a remote that is down', () => {
  const served = setUpSite();

  it('never blanks the site, and retry brings the page back without a reload', async () => {
    await served.site.stop('remote-home');
    const { page } = await openPage(chromium.browser);
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

    await served.site.start('remote-home');
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.getByRole('button', { name: errors.retryLabel }).click();
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.context().close();
  });
});

describe('a remote that stops answering while its page renders', () => {
  // Home's sections below the fold fetch their server code as Home renders, after Home itself
  // has loaded: those requests are cut, as by a remote going down between the two.
  let proxy: Awaited<ReturnType<typeof startDroppingProxy>> | undefined;
  setUpSite(async () => {
    proxy = await startDroppingProxy(
      { host: 'localhost', port: ports['remote-home'] },
      /^\/server\/home-[a-z]+\.[0-9a-f]{8}\.js$/,
    );
    return startSite({
      moved: { 'remote-home': `http://localhost:${proxy.port}/mf-manifest.json` },
    });
  });
  // Declared after the site, so it closes once the site has.
  afterAll(() => proxy?.close());

  it('draws that page unavailable, not the site down, and whole once its remote is back', async () => {
    const first = await fetch(siteUrl('/'));
    const html = await first.text();
    expect(proxy?.dropped()).toBeGreaterThan(0);
    expect(first.status).toBe(200);
    expect(html).toContain(errors.unavailableTitle);
    expect(html).toContain(footer.heading);

    const { page } = await openPage(chromium.browser);
    await visit(page, '/');
    await page.getByRole('heading', { name: errors.unavailableTitle }).waitFor();
    if (proxy) proxy.dropping = false;
    await page.getByRole('button', { name: errors.retryLabel }).click();
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    await page.context().close();

    // The server's worker fetches the sections' code afresh: the page is whole again.
    const again = await (await fetch(siteUrl('/'))).text();
    expect(again).toContain(hero.headline);
    expect(again).toContain('Our Services');
    expect(again).not.toContain(errors.unavailableTitle);
  });
});

describe('remotes.json', () => {
  const copyPort = ports.shell + 10;
  let copy: { close: () => Promise<void> };
  let copyDir: string;

  beforeAll(async () => {
    // A copy of remote-home's build, served elsewhere, as a team deploying it on its own would.
    copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-home-copy-'));
    fs.cpSync(paths.distOf('remote-home'), copyDir, { recursive: true });
    copy = await staticServer.serveStatic({ dir: copyDir, port: copyPort, cors: true });
  });

  setUpSite(async () => {
    const site = await startSite({
      moved: { 'remote-home': `http://localhost:${copyPort}/mf-manifest.json` },
    });
    // The original location is gone, so only the copy can answer.
    await site.stop('remote-home');
    return site;
  });

  // Declared after the site, so it closes once the site has.
  afterAll(async () => {
    await copy?.close();
    fs.rmSync(copyDir, { recursive: true, force: true });
  });

  it('moves a remote with no shell rebuild', async () => {
    const { page, errors: pageErrors } = await openPage(chromium.browser);
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
