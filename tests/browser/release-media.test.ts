import fs from 'node:fs';
import path from 'node:path';
import paths from '../../tools/stack/paths.cjs';
import { buildRemoteVariant } from '../support/browser/remote-variant';
import { releaseDirWithLive } from '../support/browser/candidate-release';
import { publishBuild, releaseCommand } from '../support/browser/release-commands';
import { cohortCookie } from '../support/browser/cohort-cookie';
import { pollUntil } from '../support/browser/poll-until';
import { openPage, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';
import { scaled } from '../support/time-factor';

/**
 * The first screen's images come from the page's own origin (/_media/<remote>/<file>), which
 * the render server fetches from the remote's build. A release of remote-shared with a new hero
 * poster, opened by a reviewer's preview link while the live release still has the old one:
 * the reviewer sees the new poster, not a broken image; so does a visitor drawn into a canary
 * of it.
 */
let dir: string;
let candidate: string;
const env = { FIRSTDAY_RELEASER: 'remote-shared team' };

beforeAll(async () => {
  ({ dir } = await releaseDirWithLive('remote-shared', 'firstday-release-media-'));
  // Another of the studio's own images stands in as the next hero poster.
  const variant = await buildRemoteVariant('remote-shared', (source) => {
    const media = path.join(source, 'src', 'media');
    fs.copyFileSync(path.join(media, 'band-poster.webp'), path.join(media, 'hero-poster.webp'));
  });
  candidate = await publishBuild(
    dir,
    path.join(path.dirname(path.dirname(variant)), 'remote-shared'),
    { ...env, FIRSTDAY_DIST: path.dirname(variant) },
  );
}, 240_000);

const posterOf = (html: string) => /<img[^>]*src="([^"]*hero-poster[^"]*)"/.exec(html)?.[1];

const ctx = setUpSiteAndBrowser(() => ({
  dirs: { 'remote-shared': path.join(dir, 'remote-shared') },
  remotesJson: path.join(dir, 'remotes.json'),
  renderEnv: { REMOTE_POLL_MS: '500' },
}));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The hero poster's address on a page, once it has loaded, and its drawn width. */
async function heroPoster(
  url: string,
  session?: string,
): Promise<{ src: string; status: number; width: number }> {
  const { page } = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
  if (session)
    await page.context().addCookies([{ name: '__session', value: session, url: siteUrl('/') }]);
  const statuses = new Map<string, number>();
  page.on('response', (response) => statuses.set(response.url(), response.status()));
  await page.goto(url);
  const poster = page.locator('img[data-first-screen]').first();
  await poster.waitFor({ state: 'attached' });
  await page.waitForFunction(
    () => (document.querySelector('img[data-first-screen]') as HTMLImageElement).complete,
  );
  const src = await poster.evaluate((img: HTMLImageElement) => img.currentSrc);
  const width = await poster.evaluate((img: HTMLImageElement) => img.naturalWidth);
  await page.context().close();
  return { src, status: statuses.get(src) ?? 0, width };
}

it("a preview of remote-shared with a new hero poster shows that poster from the page's origin", async () => {
  const result = await releaseCommand(
    path.join('..', 'preview', 'preview.mjs'),
    [`remote-shared@${candidate}`, '--to', dir, '--for', '1h', '--site', siteUrl('/')],
    { cwd: paths.repoRoot },
  );
  expect(result).toMatchObject({ code: 0 });
  const link = /^http\S+$/m.exec(result.out)?.[0] ?? '';
  const live = await heroPoster(siteUrl('/'));
  const preview = await heroPoster(link);
  const local = new RegExp(`^${siteUrl('/_media/remote-shared/media/')}hero-poster\\.`);
  expect(live).toMatchObject({ src: expect.stringMatching(local), status: 200 });
  expect(live.width).toBeGreaterThan(0);
  // The candidate's poster is another file, which the live release does not have.
  expect(preview.src).toMatch(local);
  expect(preview.src).not.toBe(live.src);
  expect(preview).toMatchObject({ status: 200 });
  expect(preview.width).toBeGreaterThan(0);
}, 90_000);

it("a visitor drawn into a canary of it sees the canary's poster from the page's origin", async () => {
  const live = await heroPoster(siteUrl('/'));
  const result = await releaseCommand(
    'promote.mjs',
    [`remote-shared@${candidate}`, '--canary', '10', '--to', dir, '--skip-browser'],
    { env },
  );
  expect(result).toMatchObject({ code: 0 });
  const { canary } = JSON.parse(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')) as {
    canary: { id: string };
  };
  const session = cohortCookie('c', canary.id);
  // Served once the render server has read the canary and started its worker.
  await pollUntil(scaled(15_000), async () => {
    const page = await fetch(siteUrl('/'), { headers: { cookie: `__session=${session}` } });
    const poster = posterOf(await page.text());
    return poster && !live.src.endsWith(poster) ? true : undefined;
  });
  const drawn = await heroPoster(siteUrl('/'), session);
  expect(drawn.src).not.toBe(live.src);
  expect(drawn).toMatchObject({ status: 200 });
  expect(drawn.width).toBeGreaterThan(0);
}, 120_000);
