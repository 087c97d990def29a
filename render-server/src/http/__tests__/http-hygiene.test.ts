/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import hygiene from '../http-hygiene.cjs';

/** A server that answers "content" for whatever the helper lets through. */
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (hygiene.refuseUnservable(req, res)) return;
    res.end('content');
  });
  hygiene.answerParserErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function request(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('refuseUnservable', () => {
  it.each(['GET', 'HEAD'])('lets %s through', async (method) => {
    expect((await request(method, '/about')).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND'])(
    'answers %s with 405 and Allow: GET, HEAD',
    async (method) => {
      const response = await request(method, '/about');
      expect(response).toMatchObject({ status: 405, allow: 'GET, HEAD' });
      expect(response.body).not.toBe('content');
    },
  );

  it('answers OPTIONS (CORS preflight) with 204 and no content', async () => {
    expect(await request('OPTIONS', '/remoteEntry.js')).toMatchObject({ status: 204, body: '' });
  });

  it('lets a path up to the limit through and answers a longer one with 414', async () => {
    const fits = `/${'a'.repeat(hygiene.maxUrlLength - 1)}`;
    expect((await request('GET', fits)).status).toBe(200);
    expect((await request('GET', `${fits}a`)).status).toBe(414);
  });
});

describe('answerParserErrors', () => {
  it('answers a request line longer than Node parses with 414', async () => {
    expect((await request('GET', `/${'a'.repeat(20_000)}`)).status).toBe(414);
  });

  it('answers headers larger than Node parses with 431', async () => {
    expect((await request('GET', '/', { Cookie: 'c'.repeat(20_000) })).status).toBe(431);
  });
});

describe('containErrors', () => {
  it('answers 500 for a handler that throws, at once or later, logs method and path only, and keeps serving', async () => {
    const logged: string[] = [];
    const guarded = http.createServer(
      hygiene.containErrors(
        (req, res) => {
          if (req.url?.startsWith('/now')) throw new Error('thrown at once');
          if (req.url?.startsWith('/later')) return Promise.reject(new Error('thrown later'));
          res.end('fine');
          return undefined;
        },
        { error: (...parts: unknown[]) => logged.push(parts.map(String).join(' ')) },
      ),
    );
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
    try {
      for (const path of ['/now?email=ada@example.com', '/later?token=secret']) {
        const response = await fetch(at + path);
        expect(response.status).toBe(500);
        expect(await response.text()).toBe('Internal Server Error');
        expect((await fetch(`${at}/`)).status).toBe(200);
      }
      expect(logged[0]).toMatch(/^500 for GET \/now: Error: thrown at once/);
      expect(logged[1]).toMatch(/^500 for GET \/later: Error: thrown later/);
      expect(logged.join('\n')).not.toMatch(/ada@example|secret/);
    } finally {
      guarded.closeAllConnections();
      await new Promise((resolve) => guarded.close(resolve));
    }
  });
});
