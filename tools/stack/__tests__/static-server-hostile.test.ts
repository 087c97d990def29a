/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describeHostileCases } from '../../../tests/support/servers/hostile-http';
import hostile from '../../hostile/hostile-requests.cjs';
import staticServer from '../static-server.cjs';

/**
 * The static server of `npm start`, the tests and the benchmark, under hostile requests: one
 * `Range: bytes=10-5` used to end the process (and with it the whole local stack).
 */
let dir: string;
let server: { url: string; close: () => Promise<void> };
let etag = '';
const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(200))});\n`);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-hostile-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), script);
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js.gz'), zlib.gzipSync(script));
  server = await staticServer.serveStatic({ dir, port: 0, historyFallback: true });
  const first = await hostile.rawRequest(server.url, '/main.0123abcd.js', {
    headers: { 'Accept-Encoding': 'identity' },
  });
  etag = String(first.headers.etag);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const origin = () => server.url;
describeHostileCases(
  'the static server: ranges and conditional requests',
  origin,
  () => hostile.fileCases('/main.0123abcd.js', () => etag),
  () => script,
);
describeHostileCases(
  'the static server: content codings',
  origin,
  () => hostile.encodingCases('/main.0123abcd.js'),
  () => script,
);
