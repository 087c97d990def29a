/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// Node's federation runtime, as the remotes' server builds run it: its chunk loader.
import { fetchAndRun } from '@module-federation/node/runtimePlugin';
import { rememberFailedAnswers } from '../failed-answers';
import { causesOf } from '../load-failure';

/** A remote that has lost a chunk: every file answers 404 with a plain-text body. */
function lostChunks(): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.writeHead(404).end('Not found'));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What the chunk loader hands back for `url`: the error it fails with. */
function loadChunk(url: URL): Promise<unknown> {
  const noHook = { origin: { loaderHook: { lifecycle: { fetch: { emit: async () => {} } } } } };
  return new Promise((resolve) => {
    fetchAndRun(
      url,
      'server/__federation_expose_home.1a2b3c4d.js',
      (error: unknown) => resolve(error),
      noHook,
    );
  });
}

describe('a server chunk that answered 404', () => {
  it('is told as its URL and the status it answered, not as the error page run as code', async () => {
    rememberFailedAnswers();
    const server = await lostChunks();
    try {
      const { port } = server.address() as AddressInfo;
      const url = new URL(`http://127.0.0.1:${port}/home/1.4.0/server/home.1a2b3c4d.js`);
      const error = new Error('remote-home/home-page could not be loaded', {
        cause: await loadChunk(url),
      });
      expect(causesOf(error)).toBe(
        `remote-home/home-page could not be loaded: the chunk ${url.href} answered 404 Not Found`,
      );
    } finally {
      server.close();
    }
  });
});
