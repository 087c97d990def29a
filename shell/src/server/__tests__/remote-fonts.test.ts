/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFontServer, localFontPath, remoteFontUrl } from '../remote-fonts';
import { withLocalFonts } from '../render-worker/stylesheets';

const remotes = {
  'remote-home': 'http://localhost:3001/mf-manifest.json',
  'remote-shared': 'http://localhost:3003/mf-manifest.json',
};
const font = 'http://localhost:3003/media/display.1a2b3c4d.woff2';

describe('fonts from the page’s own origin', () => {
  it('maps a remote’s hashed woff2 to a path of the page’s origin, and back', () => {
    const local = localFontPath(font, remotes);
    expect(local).toBe('/_fonts/remote-shared/media/display.1a2b3c4d.woff2');
    expect(remoteFontUrl(local!, remotes)).toBe(font);
  });

  it.each([
    ['another origin', 'http://cdn.example.com/media/display.1a2b3c4d.woff2'],
    ['an unhashed name', 'http://localhost:3003/media/display.woff2'],
    ['another kind of file', 'http://localhost:3003/media/poster.1a2b3c4d.webp'],
  ])('leaves %s where it is', (_, url) => {
    expect(localFontPath(url, remotes)).toBeUndefined();
  });

  it.each([
    ['an unknown remote', '/_fonts/remote-x/media/display.1a2b3c4d.woff2'],
    ['an inherited property as remote', '/_fonts/__proto__/media/display.1a2b3c4d.woff2'],
    ['a step out of the build', '/_fonts/remote-shared/../secret.1a2b3c4d.woff2'],
    ['an unhashed name', '/_fonts/remote-shared/media/display.woff2'],
    ['anything but a font', '/_fonts/remote-shared/remoteEntry.1a2b3c4d.js'],
  ])('names nothing for %s', (_, pathname) => {
    expect(remoteFontUrl(pathname, remotes)).toBeUndefined();
  });

  it('rewrites the sources of @font-face rules only', () => {
    const css =
      `@font-face{font-family:D;src:url("${font}") format("woff2")}` +
      `.hero{background:url("http://localhost:3003/media/bg.1a2b3c4d.woff2")}`;
    expect(withLocalFonts(css, remotes)).toBe(
      '@font-face{font-family:D;src:url("/_fonts/remote-shared/media/display.1a2b3c4d.woff2") format("woff2")}' +
        '.hero{background:url("http://localhost:3003/media/bg.1a2b3c4d.woff2")}',
    );
  });
});

describe('the font server', () => {
  let remote: http.Server;
  let site: http.Server;
  let remoteAnswers: 'font' | 'error' | 'missing';
  let remoteHits = 0;
  let siteUrl = '';

  beforeAll(async () => {
    remote = http.createServer((req, res) => {
      remoteHits += 1;
      if (remoteAnswers === 'error') res.writeHead(500).end();
      else if (remoteAnswers === 'missing') res.writeHead(404).end();
      else res.writeHead(200, { 'Content-Type': 'font/woff2' }).end(Buffer.from('wOF2 bytes'));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const { port } = remote.address() as AddressInfo;
    const remotesHere = { 'remote-shared': `http://127.0.0.1:${port}/mf-manifest.json` };
    const fonts = createFontServer(() => remotesHere, 1_000);
    site = http.createServer((req, res) => {
      if (!fonts(req, res, new URL(req.url ?? '/', 'http://x').pathname)) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
    await new Promise((resolve) => remote.close(resolve));
  });

  const path = '/_fonts/remote-shared/media/display.1a2b3c4d.woff2';

  it('answers a failing remote with 502, then serves the font once it answers, from memory after', async () => {
    remoteAnswers = 'error';
    const failed = await fetch(siteUrl + path);
    expect(failed.status).toBe(502);
    expect(failed.headers.get('cache-control')).toBe('no-store');

    remoteAnswers = 'font';
    const hitsBefore = remoteHits;
    for (let i = 0; i < 3; i++) {
      const response = await fetch(siteUrl + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('font/woff2');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe('wOF2 bytes');
    }
    expect(remoteHits - hitsBefore).toBe(1);
  });

  it('passes on a font the remote lacks as 404, and does not ask the remote again for it', async () => {
    remoteAnswers = 'missing';
    const missing = '/_fonts/remote-shared/media/gone.0badf00d.woff2';
    const hitsBefore = remoteHits;
    for (let i = 0; i < 5; i++) expect((await fetch(siteUrl + missing)).status).toBe(404);
    expect(remoteHits - hitsBefore).toBe(1);
  });

  it('answers 404 for a path that names no font, and leaves other paths alone', async () => {
    expect((await fetch(`${siteUrl}/_fonts/remote-home/media/display.1a2b3c4d.woff2`)).status).toBe(
      404,
    );
    expect((await fetch(`${siteUrl}/about`)).status).toBe(418);
  });
});
