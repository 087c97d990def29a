/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFirestoreRest, type FirestoreRest } from '../firestore-rest';

/**
 * Production's authorization: a token from the metadata server, kept until shortly before it
 * expires. A local server stands in for Google's metadata server and Firestore (neither is
 * reachable from a test); only the clock is faked, the requests are real.
 */
let server: http.Server;
let tokensIssued: number;
let seenAuthorization: string[];
let store: FirestoreRest;

beforeEach(async () => {
  jest.useFakeTimers({
    now: new Date('2026-11-24T12:00:00Z'),
    doNotFake: ['setTimeout', 'setImmediate', 'nextTick', 'queueMicrotask', 'clearTimeout'],
  });
  tokensIssued = 0;
  seenAuthorization = [];
  server = http.createServer((req, res) => {
    if (req.url === '/token') {
      if (req.headers['metadata-flavor'] !== 'Google') return void res.writeHead(403).end();
      tokensIssued += 1;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(
        JSON.stringify({
          access_token: `token-${tokensIssued}`,
          expires_in: 3600,
          token_type: 'Bearer',
        }),
      );
    }
    seenAuthorization.push(req.headers.authorization ?? '');
    req.resume();
    if (req.method === 'GET') return void res.writeHead(404).end('{}');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"writeResults":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = createFirestoreRest({
    projectId: 'firstday-test',
    emulatorHost: undefined,
    deadlineMs: 2000,
    endpoints: { firestore: origin, token: `${origin}/token` },
  });
});

afterEach(async () => {
  jest.useRealTimers();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const write = {
  path: 'fieldData/x',
  fields: { minute: 'm' },
  mask: ['minute'],
  increments: { beacons: 1 },
};

it('asks the metadata server once and sends its token until shortly before it expires', async () => {
  await store.commit([write]);
  await store.getDocument('canaryDecisions/c1');
  jest.setSystemTime(new Date('2026-11-24T12:58:59Z'));
  await store.commit([write]);
  expect(tokensIssued).toBe(1);
  jest.setSystemTime(new Date('2026-11-24T12:59:01Z')); // within a minute of the hour's expiry
  await store.commit([write]);
  expect(tokensIssued).toBe(2);
  expect(seenAuthorization).toEqual([
    'Bearer token-1',
    'Bearer token-1',
    'Bearer token-1',
    'Bearer token-2',
  ]);
});

it('reads a missing document as null, and refuses a path that is not a document', async () => {
  expect(await store.getDocument('canaryDecisions/none')).toBeNull();
  await expect(store.getDocument('canaryDecisions')).rejects.toThrow('Not a document path');
  await expect(store.getDocument('canaryDecisions/../x/y')).rejects.toThrow('Not a document path');
  await expect(store.commit([{ ...write, path: 'fieldData//x' }])).rejects.toThrow(
    'Not a document path',
  );
  expect(seenAuthorization).toHaveLength(1);
});
