/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import staticServer from '../static-server.cjs';

let dir: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var remote');
  server = await staticServer.serveStatic({
    dir,
    port: 4990,
    cors: true,
    historyFallback: true,
    overrides: { '/remotes.json': '{"a":1}' },
  });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, method = 'GET') => fetch(new URL(p, server.url), { method });

describe('the static server (npm start, tests, bench)', () => {
  it('caches hashed assets for a year and everything else never without asking', async () => {
    expect((await get('/main.0123abcd.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/remoteEntry.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/remotes.json')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers deep links with index.html, for GET and HEAD, but a missing file with 404', async () => {
    for (const method of ['GET', 'HEAD']) {
      const page = await get('/about', method);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
    }
    expect((await get('/missing.0123abcd.js')).status).toBe(404);
  });

  it('serves overrides and allows cross-origin reads', async () => {
    const response = await get('/remotes.json');
    await expect(response.json()).resolves.toEqual({ a: 1 });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
