import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Front {
  readonly port: number;
  /** Requests handed to each instance so far, in the order of `ports`. */
  readonly handed: readonly number[];
  close(): Promise<void>;
}

/**
 * A front spreading requests round-robin over render instances, as a load balancer would: each
 * request goes to the next instance, with the caller's address appended to X-Forwarded-For (so
 * the instances behind it trust one more proxy).
 */
export async function startRoundRobinFront(ports: readonly number[]): Promise<Front> {
  const handed = ports.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % ports.length;
    handed[index] = (handed[index] ?? 0) + 1;
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        path: req.url,
        method: req.method,
        agent: false,
        headers: { ...req.headers, 'x-forwarded-for': forwarded, connection: 'close' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    handed,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
