import fs from 'node:fs';
import path from 'node:path';
import { aboutPage } from 'remote-shared/about-content';
import { errors, pages } from 'remote-shared/content';
import hostile from '../../tools/hostile/hostile-requests.cjs';
import paths from '../../tools/stack/paths.cjs';
import { describeHostileCases } from '../support/servers/hostile-http';
import { setUpSiteAndBrowser, siteUrl, visit } from '../support/browser/site';

/**
 * The render server under hostile requests: ranges and conditional requests on its static files,
 * content codings, and every spelling of a page's address. One `Range: bytes=10-5` used to end
 * the process; `/ABOUT`, `/about%3Fx` and `/%3F` answered 404 with a page's content; every made-up
 * path was a new entry in its page cache.
 */
const ctx = setUpSiteAndBrowser();
const origin = () => siteUrl('/').replace(/\/$/, '');

/** A hashed script of the shell's build that has .br and .gz twins. */
const script = fs
  .readdirSync(paths.distOf('shell'))
  .find(
    (name) =>
      /\.[0-9a-f]{8}\.js$/.test(name) &&
      fs.existsSync(path.join(paths.distOf('shell'), `${name}.br`)),
  );
if (!script) throw new Error('The shell has no compressed hashed script: build it first');
const scriptBytes = fs.readFileSync(path.join(paths.distOf('shell'), script));
let etag = '';

beforeAll(async () => {
  const first = await hostile.rawRequest(origin(), `/${script}`, {
    headers: { 'Accept-Encoding': 'identity' },
  });
  etag = String(first.headers.etag);
});

describeHostileCases(
  'the render server: ranges and conditional requests on its files',
  origin,
  () => hostile.fileCases(`/${script}`, () => etag),
  () => scriptBytes,
);
describeHostileCases(
  'the render server: content codings of its files',
  origin,
  () => hostile.encodingCases(`/${script}`),
  () => scriptBytes,
);

describe('the render server: pages', () => {
  const get = (target: string, headers: Record<string, string> = {}) =>
    hostile.rawRequest(origin(), target, { headers });

  afterEach(async () => {
    expect((await get('/')).status).toBe(200);
  });

  it.each([
    ['/ABOUT', '/about'],
    ['/About/', '/about'],
    ['/about/', '/about'],
    ['//about', '/about'],
    ['//', '/'],
    ['//contact?x=1', '/contact?x=1'],
    ['/x/../about', '/about'],
    ['/./contact', '/contact'],
    ['/%61bout', '/about'],
    ['/about/?ref=mail', '/about?ref=mail'],
  ])('redirects %s to %s (301)', async (target, location) => {
    const answer = await get(target);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(location);
  });

  it.each(['/about%3Fx', '/%3F', '/about%23top', '/about%2Fcontact', '/%E0%A4%A', '/about%00'])(
    'answers %s with the 404 page, no page content',
    async (target) => {
      const answer = await get(target);
      expect(answer.status).toBe(404);
      const html = answer.body.toString();
      expect(html).toContain(`<title>${pages.notFound.title}</title>`);
      expect(html).not.toContain(aboutPage.paragraphs[0].slice(0, 40));
      expect(html).not.toContain(pages.home.title);
    },
  );

  it('serves a page asked for with a query string as the page', async () => {
    const answer = await get('/about?utm_source=x&%3F=%23');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain(`<title>${pages.about.title}</title>`);
  });

  it('serves every unknown path the same, kept 404 page', async () => {
    const etags = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const answer = await get(`/made-up-${i}-${Math.random().toString(36).slice(2)}`);
      expect(answer.status).toBe(404);
      etags.add(String(answer.headers.etag));
    }
    expect(etags.size).toBe(1);
  });

  it('honours q-values for a page: br;q=0 gets gzip, both refused gets plain HTML', async () => {
    expect(
      (await get('/about', { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip');
    const plain = await get('/about', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<!doctype html>');
  });

  it('answers If-None-Match for a page with weak comparison and lists', async () => {
    const page = await get('/about');
    const tag = String(page.headers.etag);
    expect((await get('/about', { 'If-None-Match': tag })).status).toBe(304);
    expect((await get('/about', { 'If-None-Match': `W/${tag}` })).status).toBe(304);
    expect((await get('/about', { 'If-None-Match': `"x", ${tag}` })).status).toBe(304);
    expect((await get('/about', { 'If-None-Match': '"x"' })).status).toBe(200);
  });

  it('keeps serving a missing font as 404 rather than 502', async () => {
    const answer = await get('/_fonts/remote-shared/media/none.0badf00d.woff2');
    expect(answer.status).toBe(404);
  });
});

describe('the router reads paths as the server does', () => {
  it('shows the 404 screen, not About, for /about%3Fx once the page has started', async () => {
    const page = await ctx.browser.newPage();
    try {
      const hydrationErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') hydrationErrors.push(message.text());
      });
      await visit(page, '/about%3Fx');
      await expect(page.locator('main h1').first().textContent()).resolves.toBe(errors.title);
      expect(hydrationErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('takes a visitor at /ABOUT (followed from a 301) to /about', async () => {
    const page = await ctx.browser.newPage();
    try {
      await visit(page, '/ABOUT');
      expect(new URL(page.url()).pathname).toBe('/about');
      await expect(page.title()).resolves.toBe(pages.about.title);
    } finally {
      await page.close();
    }
  });
});
