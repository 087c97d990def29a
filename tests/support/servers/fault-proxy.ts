import http from 'node:http';
import type net from 'node:net';
import { isCommit, type TestServer } from './unanswering-servers';

/**
 * What happens to one commit (a write) on its way through the proxy:
 * - pass: forwarded, answered;
 * - drop: never forwarded, never answered (the write is lost on the way);
 * - lose-answer: forwarded and stored, the answer never comes back;
 * - delay: forwarded, answered `ms` later.
 */
export type Fault =
  | { readonly kind: 'pass' }
  | { readonly kind: 'drop' }
  | { readonly kind: 'lose-answer' }
  | { readonly kind: 'delay'; readonly ms: number };

export interface FaultProxy extends TestServer {
  /** Commits seen, and how each was treated. */
  readonly log: ReadonlyArray<Fault['kind']>;
}

/**
 * An HTTP proxy in front of the Firestore emulator that treats each commit as `decide` says,
 * so tests see real timeouts and lost answers. Other requests pass through untouched.
 */
export async function startFaultProxy(
  target: { host: string; port: number },
  decide: (commit: number) => Fault,
): Promise<FaultProxy> {
  const log: Fault['kind'][] = [];
  const held = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  // Requests forwarded to the emulator and not yet answered by it: close() waits for them, so
  // every write the proxy let through has landed (or failed) when it returns.
  const forwarded = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const fault: Fault = isCommit(req) ? decide(log.length) : { kind: 'pass' };
      if (isCommit(req)) log.push(fault.kind);
      if (fault.kind === 'drop') {
        held.add(res);
        return;
      }
      const headers = { ...req.headers, host: `${target.host}:${target.port}` };
      let landed = () => {};
      const landing = new Promise<void>((resolve) => {
        landed = () => {
          forwarded.delete(landing);
          resolve();
        };
      });
      forwarded.add(landing);
      const upstream = http.request(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          answer.once('end', landed);
          answer.once('error', landed);
          if (fault.kind === 'lose-answer') {
            held.add(res);
            answer.resume();
            return;
          }
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            const send = () => {
              if (res.destroyed) return;
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            };
            if (fault.kind !== 'delay') return send();
            const timer = setTimeout(() => {
              timers.delete(timer);
              send();
            }, fault.ms);
            timers.add(timer);
          });
        },
      );
      upstream.on('error', () => {
        landed();
        res.destroy();
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    log,
    close: async () => {
      await Promise.all(forwarded);
      await new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
