import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { aboutPage } from 'remote-shared/about-content';
import {
  errors,
  footer,
  hero,
  intro,
  navigation,
  pages,
  servicesSection,
  studio,
  teamSection,
  work,
  workSection,
} from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import paths from '../../tools/stack/paths.cjs';
import { scaled } from '../support/time-factor';
import { buildRemoteVariant } from '../support/browser/remote-variant';
import {
  launchBrowser,
  openPage,
  setUpSiteAndBrowser,
  siteUrl,
  visit,
} from '../support/browser/site';

/** The site's pages as a crawler sees them: HTML and headers, no scripts run. */
async function get(pathname: string, init: RequestInit = {}) {
  const started = Date.now();
  const response = await fetch(siteUrl(pathname), init);
  const body = init.method === 'HEAD' ? '' : await response.text();
  return { response, body, ms: Date.now() - started };
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

/** What a page's init script gathered in `window[name]` by the time a visit to / has hydrated. */
async function gatheredOnWayToHydration(page: Page, name: string): Promise<unknown> {
  await visit(page, '/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-client-ready'));
  const gathered = await page.evaluate(
    (key) => (window as unknown as Record<string, unknown>)[key],
    name,
  );
  await page.context().close();
  return gathered;
}

const metaContent = (html: string, attribute: string, name: string) =>
  decode(
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '(missing)',
  );

let homeDir: string;

beforeAll(() => {
  // remote-home is served from a copy of its build, so a test can deploy a new one over it.
  homeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-home-deployed-'));
  fs.cpSync(paths.distOf('remote-home'), homeDir, { recursive: true });
});

const ctx = setUpSiteAndBrowser(() => ({
  dirs: { 'remote-home': homeDir },
  renderEnv: { REMOTE_POLL_MS: '500' },
}));

// Declared after the set-up, so it runs once the site is closed.
afterAll(() => {
  fs.rmSync(homeDir, { recursive: true, force: true });
});

describe('what crawlers and link previews get', () => {
  const routes = [
    { path: '/', meta: pages.home },
    { path: '/about', meta: pages.about },
    { path: '/contact', meta: pages.contact },
    { path: '/menu', meta: pages.menu },
  ];

  it.each(routes)(
    '$path: 200, its own title, description, canonical URL and preview tags',
    async ({ path: route, meta }) => {
      const { response, body } = await get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const tags = head(body);
      expect(decode(/<title>([^<]*)<\/title>/.exec(tags)?.[1] ?? '')).toBe(meta.title);
      expect(metaContent(tags, 'name', 'description')).toBe(meta.description);
      expect(tags).toContain(`<link rel="canonical" href="https://firstday.studio${route}">`);
      expect(metaContent(tags, 'property', 'og:title')).toBe(meta.title);
      expect(metaContent(tags, 'property', 'og:description')).toBe(meta.description);
      expect(metaContent(tags, 'property', 'og:url')).toBe(`https://firstday.studio${route}`);
      expect(metaContent(tags, 'name', 'twitter:card')).toBe('summary_large_image');
      const image = metaContent(tags, 'property', 'og:image');
      const picture = await fetch(image);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
      expect(metaContent(tags, 'property', 'og:image:width')).toBe('1200');
      expect(metaContent(tags, 'property', 'og:image:height')).toBe('630');
    },
  );

  it('gives every route a title of its own, and says who the studio is (JSON-LD)', async () => {
    const titles = await Promise.all(
      routes.map(async ({ path: route }) => /<title>([^<]*)</.exec((await get(route)).body)?.[1]),
    );
    expect(new Set(titles).size).toBe(routes.length);
    const { body } = await get('/');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)?.[1];
    const organization = JSON.parse(json ?? '{}') as Record<string, unknown>;
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: studio.name,
      url: 'https://firstday.studio/',
      email: `mailto:${studio.email}`,
    });
    expect((organization.sameAs as string[]).length).toBeGreaterThanOrEqual(3);
    expect((await fetch(String(organization.logo))).headers.get('content-type')).toBe('image/png');
  });

  it('answers an unknown path with 404, the error screen and noindex', async () => {
    const { response, body } = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(decode(body)).toContain(errors.title);
    expect(body).toContain(errors.notFound);
    expect(head(body)).toContain('<meta name="robots" content="noindex">');
    expect(decode(head(body))).toContain(`<title>${pages.notFound.title}</title>`);
  });

  it('answers HEAD, compresses, and lets a CDN cache pages briefly', async () => {
    const headResponse = await get('/about', { method: 'HEAD' });
    expect(headResponse.response.status).toBe(200);
    expect(Number(headResponse.response.headers.get('content-length'))).toBeGreaterThan(1000);
    const page = await fetch(siteUrl('/about'), { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(page.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/);
    expect((await get('/nope', { method: 'HEAD' })).response.status).toBe(404);
    const post = await get('/', { method: 'POST' });
    expect(post.response.status).toBe(405);
    expect(post.response.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/', { method: 'DELETE' })).response.status).toBe(405);
    // Over-long addresses and headers are answered, not met with a reset connection.
    expect((await get(`/${'a'.repeat(5_000)}`)).response.status).toBe(414);
    expect((await get(`/${'a'.repeat(20_000)}`)).response.status).toBe(414);
    expect((await get('/', { headers: { 'X-Big': 'b'.repeat(20_000) } })).response.status).toBe(
      431,
    );
  });

  it('serves robots.txt and a sitemap of the four routes', async () => {
    const robots = await get('/robots.txt');
    expect(robots.response.status).toBe(200);
    expect(robots.body).toContain('Sitemap: https://firstday.studio/sitemap.xml');
    expect(robots.body).toContain('Disallow: /staff');
    const sitemap = await get('/sitemap.xml');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(routes.map(({ path: route }) => `https://firstday.studio${route}`));
  });
});

describe('without JavaScript', () => {
  let scriptless: Browser;
  beforeAll(async () => {
    scriptless = await launchBrowser({ scripts: false });
  });
  afterAll(async () => {
    await scriptless?.close();
  });

  it.each([
    [
      '/',
      [
        hero.headline,
        intro.headline,
        teamSection.heading,
        workSection.heading,
        servicesSection.heading,
      ],
    ],
    ['/about', [aboutPage.heading, ...aboutPage.paragraphs]],
    ['/contact', [contactPage.heading, contactPage.invitation, studio.email]],
    ['/menu', navigation.menuPageLinks.map((link) => link.label)],
  ])('%s shows its content', async (route, texts) => {
    const { page } = await openPage(scriptless);
    await page.goto(siteUrl(route));
    for (const text of texts) await page.locator('main').getByText(text).first().waitFor();
    await page.getByRole('link', { name: navigation.logoLabel }).waitFor();
    await page.getByRole('contentinfo').getByText(footer.heading).waitFor();
    await page.context().close();
  });

  it('says on /contact that the form needs JavaScript, and hides the form', async () => {
    const { page } = await openPage(scriptless);
    await page.goto(siteUrl('/contact'));
    // (Playwright's text queries skip <noscript>; a CSS locator reads what the visitor sees.)
    await expect(page.locator('main noscript p').textContent()).resolves.toContain(
      contactPage.formNeedsScripts,
    );
    await expect(page.locator('main noscript p').isVisible()).resolves.toBe(true);
    await expect(page.locator('main form').isVisible()).resolves.toBe(false);
    await page.context().close();
    const scripted = await openPage(ctx.browser);
    await visit(scripted.page, '/contact');
    await scripted.page.getByRole('form', { name: contactPage.formLabel }).waitFor();
    await expect(scripted.page.getByText(contactPage.formNeedsScripts).isVisible()).resolves.toBe(
      false,
    );
    await scripted.page.context().close();
  });

  it("shows Home's first team member and the work tiles with their links", async () => {
    const { page } = await openPage(scriptless);
    await page.goto(siteUrl('/'));
    await page.getByTestId('team-person').waitFor();
    for (const tile of work)
      await expect(page.locator(`a[href="${tile.link}"]`).count()).resolves.toBeGreaterThan(0);
    await page.context().close();
  });
});

it("starts the shell's scripts with V8's compile hint first, so Chromium compiles them as they download", async () => {
  const { body } = await get('/');
  const loader = body.slice(body.lastIndexOf('<script>'));
  const shellScripts = [...new Set(loader.match(/"\/[\w.-]+\.js"/g) ?? [])].map((file) =>
    JSON.parse(file),
  );
  expect(shellScripts.length).toBeGreaterThan(3);
  for (const script of shellScripts) {
    const text = await (await fetch(siteUrl(script))).text();
    expect([script, text.slice(0, 29)]).toEqual([script, '//# allFunctionsCalledOnLoad\n']);
  }
});

/** The loader adds the display face to the document once it has loaded: `document.fonts.ready`
 * does not wait for a face the document does not have yet. */
const displayFontLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.fonts].some(
      (f) => f.family.replace(/"/g, '') === 'Space Grotesk' && f.status === 'loaded',
    ),
  );

describe('in the browser', () => {
  it.each(['/', '/about', '/contact'])(
    '%s gets the display font once, from its own origin, and no inlined stylesheet again',
    async (route) => {
      const { page } = await openPage(ctx.browser);
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (/\.(woff2|css)$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
      });
      await visit(page, route, { waitUntil: 'networkidle' });
      await displayFontLoaded(page);
      // A preload on another origin would cost a phone a second connection before its first
      // paint; the inlined CSS already holds every stylesheet the page starts with.
      expect(fetched).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${siteUrl('/_fonts/remote-shared/media/')}space-grotesk-subset\\.[0-9a-f]{8}\\.woff2$`,
          ),
        ),
      ]);
      await expect(
        page.evaluate(() => document.fonts.check('700 16px "Space Grotesk"', 'First')),
      ).resolves.toBe(true);
      await page.context().close();
    },
  );

  it('/ gets its hero poster (its first picture) from its own origin, once, and keeps it', async () => {
    const { page, errors: pageErrors } = await openPage(ctx.browser);
    const posters: string[] = [];
    page.on('request', (request) => {
      if (/hero-poster\.[0-9a-f]{8}\.webp$/.test(request.url())) posters.push(request.url());
    });
    await visit(page, '/', { waitUntil: 'networkidle' });
    const local = new RegExp(`^${siteUrl('/_media/remote-shared/media/')}hero-poster\\.`);
    expect(posters).toEqual([expect.stringMatching(local)]);
    const shown = await page.locator('img[data-first-screen]').evaluate((img) => ({
      src: (img as HTMLImageElement).currentSrc,
      width: (img as HTMLImageElement).naturalWidth,
    }));
    expect(shown).toEqual({ src: expect.stringMatching(local), width: hero.video.poster.width });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it.each(['/', '/about', '/contact'])(
    '%s asks for its first script only once its first contentful paint is on screen',
    async (route) => {
      const { page } = await openPage(ctx.browser);
      await visit(page, route, { waitUntil: 'networkidle' });
      // Both on the page's clock: the paint entry's time is when its frame was presented.
      const { painted, firstScript } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        firstScript: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
            .map((entry) => entry.startTime),
        ),
      }));
      expect(firstScript).toBeLessThan(Infinity);
      expect(firstScript).toBeGreaterThanOrEqual(painted);
      await page.context().close();
    },
  );

  it('/ reads nothing from localStorage on its way to hydration', async () => {
    const { page } = await openPage(ctx.browser);
    // The federation runtime read its debug switch there as it started: a fresh profile's first
    // access, up to 4.8 ms of the shell's start-up at full speed.
    await page.addInitScript(() => {
      const keys: string[] = [];
      Object.assign(window, { __storageReads: keys });
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        // sessionStorage is the visit's own (where it landed); only localStorage is counted.
        if (this !== window.sessionStorage) keys.push(key);
        return getItem.call(this, key);
      };
    });
    await expect(gatheredOnWayToHydration(page, '__storageReads')).resolves.toEqual([]);
  });

  it("/ compiles none of the federation runtime's semver grammar on its way to hydration", async () => {
    const { page } = await openPage(ctx.browser);
    // The runtime's own check builds its regular expressions from the whole semver grammar, on
    // every check: the page's first check cost 2-14 ms of its start-up at full speed.
    await page.addInitScript(() => {
      const grammar: string[] = [];
      Object.assign(window, { __semverGrammar: grammar });
      window.RegExp = new Proxy(RegExp, {
        construct(target, args: [string | RegExp, string?]) {
          const source = String(args[0] instanceof RegExp ? args[0].source : args[0]);
          if (source.includes('(?:<|>)?=?') || source.includes('[0-9A-Za-z-]+'))
            grammar.push(source);
          return Reflect.construct(target, args) as RegExp;
        },
      });
    });
    await expect(gatheredOnWayToHydration(page, '__semverGrammar')).resolves.toEqual([]);
  });

  it.each([
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])(
    "/'s largest paint at $width x $height is its headline, also once the hero's video plays; the display font is asked for after it",
    async (viewport) => {
      const { page } = await openPage(ctx.browser, { viewport });
      await page.addInitScript(() => {
        const seen: { tag: string; url: string; startTime: number }[] = [];
        Object.assign(window, { __largestPaints: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            element: Element | null;
            url: string;
          })[])
            seen.push({
              tag: entry.element?.tagName ?? '',
              url: entry.url,
              startTime: entry.startTime,
            });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await visit(page, '/', { waitUntil: 'networkidle' });
      await displayFontLoaded(page);
      // The video starts once start-up is over: its frames are then on screen, larger than the
      // headline; drawn from a 224 x 126 source, they count at that size.
      await page.waitForFunction(
        () => {
          const video = document.querySelector<HTMLVideoElement>('[data-testid="hero-video"]');
          return video !== null && !video.paused && video.currentTime > 0.2;
        },
        undefined,
        { timeout: scaled(15_000) },
      );
      const seen = await page.evaluate(
        () =>
          new Promise<{ tag: string; url: string; startTime: number }[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve((window as unknown as { __largestPaints: [] }).__largestPaints),
              ),
            ),
          ),
      );
      // From the headline's first paint on, nothing replaced it (the video's frames included). On
      // a busy machine the poster can paint a frame before the headline's text and be the first
      // candidate; the largest paint is still the headline's.
      const headline = seen.findIndex((entry) => entry.tag === 'H1');
      expect(headline).toBeGreaterThanOrEqual(0);
      expect(seen.slice(headline).map((entry) => entry.tag + entry.url)).toEqual(
        seen.slice(headline).map(() => 'H1'),
      );
      const fontAsked = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'))
            ?.startTime ?? -1,
      );
      expect(fontAsked).toBeGreaterThan(seen[headline]!.startTime);
      await page.context().close();
    },
  );

  it.each(['/', '/about', '/contact', '/menu', '/no/such/page'])(
    '%s hydrates without a hydration error',
    async (route) => {
      const { page, errors: pageErrors } = await openPage(ctx.browser);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        // The 404 page's own status is reported by the browser as a failed resource.
        if (/status of 404/.test(message.text()) && message.location().url.endsWith(route)) return;
        problems.push(message.text());
      });
      await visit(page, route, { waitUntil: 'networkidle' });
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    },
  );

  it('keeps the server-rendered page readable when the remote fails in the browser', async () => {
    const { page } = await openPage(ctx.browser);
    await page.route(`${ctx.site.urlOf('remote-home')}**`, (route) => route.abort());
    await visit(page, '/');
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    await expect(
      page.getByRole('heading', { name: errors.unavailableTitle }).count(),
    ).resolves.toBe(0);
    await page.context().close();
  });
});

describe('deploys and outages of a remote', () => {
  it('serves a new build of remote-home within 10 s, with no restart', async () => {
    const marker = 'Version two of First Day Studio.';
    const variant = await buildRemoteVariant('remote-home', (source) => {
      const file = path.join(source, 'src', 'intro', 'intro.tsx');
      const code = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, code.replace('{intro.headline}', `{${JSON.stringify(marker)}}`));
    });
    expect((await get('/')).body).not.toContain(marker);
    // Deploy: the new files replace the old where the site reads them.
    await ctx.site.stop('remote-home');
    fs.rmSync(homeDir, { recursive: true, force: true });
    fs.cpSync(variant, homeDir, { recursive: true });
    const deployed = Date.now();
    await ctx.site.start('remote-home');
    let body = '';
    while (Date.now() - deployed < scaled(10_000) && !body.includes(marker)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      body = (await get('/')).body;
    }
    expect(body).toContain(marker);

    // The browser runs that same build: the page hydrates with the new text, no mismatch.
    const { page } = await openPage(ctx.browser);
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await visit(page, '/', { waitUntil: 'networkidle' });
    await page.getByText(marker).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('renders the page area as unavailable within 1.5 s while remote-home is down, and the page again once it is back', async () => {
    await ctx.site.stop('remote-home');
    let body = '';
    const stopped = Date.now();
    while (
      Date.now() - stopped < scaled(10_000) &&
      !decode(body).includes(errors.unavailableTitle)
    ) {
      const answer = await get('/');
      expect(answer.response.status).toBe(200);
      expect(answer.ms).toBeLessThan(1500);
      body = answer.body;
    }
    const text = decode(body);
    expect(text).toContain(errors.unavailableTitle);
    expect(text).toContain(navigation.logoLabel);
    expect(text).toContain(footer.heading);

    await ctx.site.start('remote-home');
    const restarted = Date.now();
    while (
      Date.now() - restarted < scaled(10_000) &&
      decode(body).includes(errors.unavailableTitle)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      body = (await get('/')).body;
    }
    expect(decode(body)).toContain(hero.headline);
  }, 30_000);

  it('serves the last good render while remote-shared is down, and the plain notice where there is none', async () => {
    await get('/about'); // a render to fall back on
    await ctx.site.stop('remote-shared');
    try {
      let answer = await get('/about');
      const stopped = Date.now();
      while (
        Date.now() - stopped < scaled(10_000) &&
        answer.response.headers.get('cache-control') !== 'no-store'
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await get('/about');
      }
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get('cache-control')).toBe('no-store');
      expect(decode(answer.body)).toContain(aboutPage.paragraphs[0]);

      const never = await get('/never/rendered');
      expect(never.response.status).toBe(503);
      expect(never.response.headers.get('retry-after')).toBeTruthy();
      expect(never.body).toContain('First Day Studio could not load right now');
      expect(never.body).not.toMatch(/Error|at \S+ \(/);
    } finally {
      await ctx.site.start('remote-shared');
    }
  }, 30_000);
});
