import fs from 'node:fs';
import path from 'node:path';
import { intro, previewBadge } from 'remote-shared/content';
import paths from '../../tools/stack/paths.cjs';
import { localPreviewSecret, signPreview } from '../../platform/releases/preview-token.cjs';
import {
  releasesWithCandidate,
  withHeadline,
  type CandidateReleases,
} from '../support/browser/candidate-release';
import { releaseCommand } from '../support/browser/release-commands';
import { openPage, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';

/**
 * A reviewer opens a preview link of remote-home's next release: they see the composed site
 * with it, and a badge naming it with a way out; everyone else, and the page cache, see the
 * live release. A changed or expired link is refused with a page that says so.
 */
const marker = 'The next release of the home page, in review.';
let releases: CandidateReleases;

beforeAll(async () => {
  releases = await releasesWithCandidate(withHeadline(marker), 'firstday-preview-');
}, 240_000);

const ctx = setUpSiteAndBrowser(() => ({
  dirs: { 'remote-home': path.join(releases.dir, 'remote-home') },
  remotesJson: path.join(releases.dir, 'remotes.json'),
  renderEnv: { REMOTE_POLL_MS: '500' },
}));

afterAll(() => fs.rmSync(releases.dir, { recursive: true, force: true }));

async function previewLink(...specs: string[]): Promise<string> {
  const result = await releaseCommand(
    path.join('..', 'preview', 'preview.mjs'),
    [...specs, '--to', releases.dir, '--for', '1h', '--site', siteUrl('/')],
    { cwd: paths.repoRoot },
  );
  expect(result).toMatchObject({ code: 0 });
  const link = /^http\S+$/m.exec(result.out)?.[0];
  if (!link) throw new Error(`no link in: ${result.out}`);
  return link;
}

describe('preview links', () => {
  it('show the reviewer the candidate with a badge; a second browser sees the live release', async () => {
    const link = await previewLink(`remote-home@${releases.candidate}`);
    const reviewer = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    // The badge's code comes only to a preview, lazily: its server HTML must hydrate as is.
    const hydrationErrors: string[] = [];
    reviewer.page.on('console', (message) => {
      if (message.text().includes('Hydration error')) hydrationErrors.push(message.text());
    });
    const answer = await reviewer.page.goto(link);
    expect(new URL(reviewer.page.url()).pathname).toBe('/');
    expect(answer?.headers()['cache-control']).toBe('no-store');
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    await reviewer.page.getByRole('heading', { name: marker }).waitFor();
    const badge = reviewer.page.getByRole('complementary', {
      name: new RegExp(previewBadge.label),
    });
    await badge.waitFor();
    expect(await badge.textContent()).toContain(releases.candidate);
    expect(await reviewer.page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex',
    );
    // The candidate's code runs too, not only its server render: its files come from its folder.
    const scripts: string[] = [];
    reviewer.page.on('request', (request) => scripts.push(request.url()));
    await reviewer.page.getByRole('link', { name: intro.knowMore.label }).first().click();
    await reviewer.page.waitForURL(/\/about$/);
    await badge.waitFor();
    expect(hydrationErrors).toEqual([]);
    expect(scripts.filter((url) => url.includes(`/${releases.live}/`))).toEqual([]);

    // Anyone else: the live release, no badge, and a page the CDN may keep.
    const visitor = await openPage(ctx.browser, { viewport: { width: 1440, height: 900 } });
    const live = await visitor.page.goto(siteUrl('/'));
    expect(live?.headers()['cache-control']).toMatch(/s-maxage/);
    await visitor.page.getByRole('heading', { name: intro.headline }).waitFor();
    expect(await visitor.page.getByText(marker).count()).toBe(0);
    expect(await visitor.page.getByRole('complementary', { name: /preview/i }).count()).toBe(0);
    const served = await (await fetch(siteUrl('/'))).text();
    expect(served).not.toContain(marker);

    // The way out: the live site, without the badge.
    await badge.getByRole('link', { name: previewBadge.leave }).click();
    await reviewer.page.getByRole('heading', { name: intro.headline }).waitFor();
    expect(await reviewer.page.getByRole('complementary', { name: /preview/i }).count()).toBe(0);
    expect([...reviewer.errors, ...visitor.errors]).toEqual([]);
    await reviewer.page.context().close();
    await visitor.page.context().close();
  }, 90_000);

  it('refuses an altered link and an expired one, each with a page that says so', async () => {
    const link = await previewLink(`remote-home@${releases.candidate}`);
    const { page } = await openPage(ctx.browser);
    const altered = await page.goto(`${link.slice(0, -3)}abc`);
    expect(altered?.status()).toBe(403);
    await page.getByRole('heading', { name: 'This preview link is not valid' }).waitFor();
    const expired = signPreview(
      localPreviewSecret,
      { releases: { 'remote-home': releases.candidate }, audience: siteUrl('/') },
      60,
      Date.now() - 3_600_000,
    );
    const late = await page.goto(siteUrl(`/__preview/${expired}`));
    expect(late?.status()).toBe(410);
    await page.getByRole('heading', { name: 'This preview link has expired' }).waitFor();
    // Neither started a preview: the site is the live one.
    await page.getByRole('link', { name: 'Go to the live site' }).click();
    await page.getByRole('heading', { name: intro.headline }).waitFor();
    expect(await page.getByText(marker).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('refuses to sign a version that is not published', async () => {
    const result = await releaseCommand(path.join('..', 'preview', 'preview.mjs'), [
      'remote-home@9.9.9',
      '--to',
      releases.dir,
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('is not published');
  });
});
