import http from 'node:http';
import { listenLocally, type TestServer } from './unanswering-servers';

/**
 * A proxy in front of the site that sends a page's HTML in two parts, pausing `pauseMs` before
 * the first `marker` (as a phone's connection does when the rest of the page is a round trip
 * behind); every other request, and a page without the marker, pass through whole.
 */
export async function startPausedHtmlProxy(
  origin: string,
  marker: string,
  pauseMs: number,
): Promise<TestServer & { paused: () => number }> {
  let paused = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const answer = await fetch(new URL(req.url ?? '/', origin), {
        headers: { 'accept-encoding': 'identity' },
        redirect: 'manual',
      });
      const body = Buffer.from(await answer.arrayBuffer());
      const headers = Object.fromEntries(answer.headers);
      delete headers['content-length'];
      delete headers['content-encoding'];
      delete headers['transfer-encoding'];
      res.writeHead(answer.status, headers);
      const at = (headers['content-type'] ?? '').startsWith('text/html')
        ? body.indexOf(marker)
        : -1;
      if (at < 0) {
        res.end(body);
        return;
      }
      paused += 1;
      res.write(body.subarray(0, at));
      setTimeout(() => res.end(body.subarray(at)), pauseMs);
    })().catch(() => res.destroy());
  });
  return { ...(await listenLocally(server)), paused: () => paused };
}
