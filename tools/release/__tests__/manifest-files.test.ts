/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { filesNamedBy, servedFileProblems } from '../manifest-files.cjs';

/** A remote's release as a static host serves it: path -> [content type, body]. */
const served = new Map<string, [string, string]>();
let server: http.Server;
let base: string;

const manifest = (entry: string, js: string[], css: string[] = []) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: entry, path: '' } },
    exposes: [{ assets: { js: { sync: js, async: [] }, css: { sync: css, async: [] } } }],
    shared: [],
  });

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const file = served.get(request.url ?? '');
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  served.clear();
  served.set('/home/1/mf-manifest.json', [
    'application/json',
    manifest('remoteEntry.abc.js', ['page.1.js', 'vendor.2.js'], ['page.3.css']),
  ]);
  served.set('/home/1/server/mf-manifest.json', [
    'application/json',
    manifest('remoteEntry.js', ['server/page.4.js']),
  ]);
  for (const name of ['remoteEntry.abc.js', 'page.1.js', 'vendor.2.js', 'server/remoteEntry.js'])
    served.set(`/home/1/${name}`, ['text/javascript; charset=utf-8', '"use strict";']);
  served.set('/home/1/server/page.4.js', ['application/javascript', '"use strict";']);
  served.set('/home/1/page.3.css', ['text/css', 'a{}']);
});

const remotes = () => ({ 'remote-home': `${base}/home/1/mf-manifest.json` });

describe('every file the manifests name', () => {
  it('passes a release whose every file is served with its type', async () => {
    await expect(servedFileProblems(remotes())).resolves.toEqual([]);
  });

  it('names the URL of a browser chunk that answers 404', async () => {
    served.delete('/home/1/vendor.2.js');
    await expect(servedFileProblems(remotes())).resolves.toEqual([
      `${base}/home/1/vendor.2.js answered 404`,
    ]);
  });

  it("names a server chunk that is missing, found under the remote's folder", async () => {
    served.delete('/home/1/server/page.4.js');
    await expect(servedFileProblems(remotes())).resolves.toEqual([
      `${base}/home/1/server/page.4.js answered 404`,
    ]);
  });

  it('refuses a script served as HTML (a host that answers every path with its index)', async () => {
    served.set('/home/1/page.1.js', ['text/html; charset=utf-8', '<!doctype html>']);
    served.set('/home/1/page.3.css', ['text/plain', 'a{}']);
    await expect(servedFileProblems(remotes())).resolves.toEqual([
      `${base}/home/1/page.1.js is served as "text/html; charset=utf-8", not JavaScript`,
      `${base}/home/1/page.3.css is served as "text/plain", not CSS`,
    ]);
  });

  it('says when a manifest is missing or not a manifest', async () => {
    served.delete('/home/1/server/mf-manifest.json');
    served.set('/home/1/mf-manifest.json', ['application/json', '[1, 2]']);
    await expect(servedFileProblems(remotes())).resolves.toEqual([
      `${base}/home/1/mf-manifest.json is not a federation manifest`,
      `${base}/home/1/server/mf-manifest.json answered 404`,
    ]);
  });

  it('never fetches a name that climbs out of the release', () => {
    const url = 'https://releases.example/home/1/mf-manifest.json';
    const named = filesNamedBy(
      JSON.parse(manifest('remoteEntry.js', ['../2/page.js', 'https://elsewhere.example/x.js'])),
      url,
      url,
    );
    expect(named.files).toEqual([
      { url: 'https://releases.example/home/1/remoteEntry.js', kind: 'js' },
    ]);
    expect(named.problems).toEqual([
      `${url} names "../2/page.js", which is outside its release`,
      `${url} names "https://elsewhere.example/x.js", which is outside its release`,
    ]);
  });
});
