import http from 'node:http';
import net from 'node:net';

export interface TestServer {
  readonly port: number;
  close(): Promise<void>;
}

/** A write: a POST to documents:commit (a browser's CORS preflight to it is not one). */
export function isCommit(req: http.IncomingMessage): boolean {
  return req.method === 'POST' && (req.url ?? '').includes(':commit');
}

/** A server that accepts connections and never answers: a hung network, for real. */
export async function startSilentServer(port = 0, host = '127.0.0.1'): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that nothing listens on (taken from the OS, then released). */
export async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A proxy in front of the emulator that delivers the next commit but loses its answer: the
 * write lands, the client never hears so. Later requests pass through normally.
 */
export async function startAnswerLosingProxy(target: {
  host: string;
  port: number;
}): Promise<TestServer & { loseNextAnswer(): void; commits: () => number }> {
  let lose = false;
  let commits = 0;
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const commit = isCommit(req);
      if (commit) commits += 1;
      const headers = { ...req.headers, host: `${target.host}:${target.port}` };
      const upstream = http.request(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          if (commit && lose) {
            lose = false;
            held.add(res);
            answer.resume(); // Delivered to the database; the answer is dropped on the floor.
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    loseNextAnswer: () => {
      lose = true;
    },
    commits: () => commits,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A proxy in front of a server that, while `dropping` is on, cuts the connection of every
 * request whose path matches `drops` without an answer (as a remote going down mid-deploy does);
 * everything else passes through.
 */
export async function startDroppingProxy(
  target: { host: string; port: number },
  drops: RegExp,
): Promise<TestServer & { dropping: boolean; dropped: () => number }> {
  let dropped = 0;
  const state = { dropping: true };
  const server = http.createServer((req, res) => {
    if (state.dropping && drops.test(req.url ?? '')) {
      dropped += 1;
      req.socket.destroy();
      return;
    }
    const headers = { ...req.headers, host: `${target.host}:${target.port}` };
    const upstream = http.request(
      { host: target.host, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return Object.assign(state, await listenLocally(server), { dropped: () => dropped });
}

/** Serves `server` on a free local port; closing it ends the connections still open too. */
export async function listenLocally(server: http.Server): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
