/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { remoteFonts, remoteImages } from '../../../../platform/render-protocol/remote-file-paths';
import { createRemoteFileServer } from '../remote-files';

/** Listens on a free local port; returns the server's origin. */
async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A site that answers with `serve` what it takes, and 418 for anything else. */
function siteOf(serve: ReturnType<typeof createRemoteFileServer>): http.Server {
  return http.createServer((req, res) => {
    if (!serve(req, res, new URL(req.url ?? '/', 'http://x').pathname)) res.writeHead(418).end();
  });
}

const close = (server: http.Server) => new Promise((resolve) => server.close(resolve));

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
    const remotesHere = { 'remote-shared': `${await listen(remote)}/mf-manifest.json` };
    site = siteOf(createRemoteFileServer(remoteFonts, () => [remotesHere], 1_000));
    siteUrl = await listen(site);
  });

  afterAll(async () => {
    await close(site);
    await close(remote);
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

describe('the image server, with a canary or a preview served beside the live set', () => {
  let remote: http.Server;
  let site: http.Server;
  let siteUrl = '';
  const asked: string[] = [];
  // The live release has the old poster; the next release, at its own version's URL, a new one.
  const held: Record<string, string> = {
    '/live/media/hero-poster.11111111.webp': 'old poster',
    '/next/media/hero-poster.22222222.webp': 'new poster',
  };

  beforeAll(async () => {
    remote = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      const body = held[req.url ?? ''];
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200).end(body);
    });
    const origin = await listen(remote);
    const sets = [
      { 'remote-shared': `${origin}/live/mf-manifest.json` },
      { 'remote-shared': `${origin}/next/mf-manifest.json` },
    ];
    site = siteOf(createRemoteFileServer(remoteImages, () => sets, 1_000));
    siteUrl = await listen(site);
  });

  afterAll(async () => {
    await close(site);
    await close(remote);
  });

  it("serves each release's own poster, whichever set names it", async () => {
    const old = await fetch(`${siteUrl}/_media/remote-shared/media/hero-poster.11111111.webp`);
    expect(old.status).toBe(200);
    expect(await old.text()).toBe('old poster');
    const next = await fetch(`${siteUrl}/_media/remote-shared/media/hero-poster.22222222.webp`);
    expect(next.status).toBe(200);
    expect(next.headers.get('content-type')).toBe('image/webp');
    expect(await next.text()).toBe('new poster');
  });

  it('answers 404 for a file no served set has, asking each set once', async () => {
    asked.length = 0;
    const made = '/_media/remote-shared/media/made-up.33333333.webp';
    for (let i = 0; i < 3; i++) expect((await fetch(siteUrl + made)).status).toBe(404);
    expect(asked).toEqual([
      '/live/media/made-up.33333333.webp',
      '/next/media/made-up.33333333.webp',
    ]);
  });
});
