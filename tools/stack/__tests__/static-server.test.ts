/**
 * @jest-environment node
 */
import fs from 'node:fs';
import http from 'node:http';
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
  // What an older build left in dist: never to be published.
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js.map'), '{"sources":["/home/builder/x.ts"]}');
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js.map.gz'), 'zipped map');
  fs.writeFileSync(path.join(dir, 'mf-stats.json'), '{"path":"/home/builder/app"}');
  server = await staticServer.serveStatic({
    dir,
    port: 0,
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

/** A raw request, as a browser, a crawler or an attacker may send it (fetch refuses some). */
function raw(
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: target, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP hygiene of the static server', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE'])(
    'answers %s with 405 and Allow, for files and pages alike',
    async (method) => {
      for (const target of ['/remoteEntry.js', '/about', '/remotes.json']) {
        const response = await raw(method, target);
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('GET, HEAD');
        expect(response.body).not.toContain('var remote');
      }
    },
  );

  it('reads a target that starts with two slashes as a path, not a host', async () => {
    const page = await raw('GET', '//');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>shell</title>');
    const file = await raw('GET', '//remoteEntry.js');
    expect(file.status).toBe(200);
    expect(file.body).toBe('var remote');
  });

  it('answers a CORS preflight', async () => {
    const response = await raw('OPTIONS', '/remoteEntry.js', { Origin: 'http://localhost:3000' });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers an over-long path with 414 instead of dropping the connection', async () => {
    expect((await raw('GET', `/${'a'.repeat(5_000)}`)).status).toBe(414);
    expect((await raw('GET', `/${'a'.repeat(40_000)}`)).status).toBe(414);
  });

  it('answers over-large headers with 431', async () => {
    expect((await raw('GET', '/about', { 'X-Padding': 'x'.repeat(40_000) })).status).toBe(431);
  });

  it('never serves source maps or the federation build report', async () => {
    for (const file of ['/main.0123abcd.js.map', '/main.0123abcd.js.map.gz', '/mf-stats.json']) {
      const response = await get(file);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('/home/builder');
    }
  });
});
