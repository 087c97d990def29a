import http from 'node:http';

/** Raw requests to a beacon handler: what a browser, a broken client or an attacker may send. */

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: http.IncomingHttpHeaders;
}

export interface Sending {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The client's address, as the one trusted proxy in front would append it. */
  readonly client: string;
}

export function send(port: number, sending: Sending): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/__vitals',
        method: sending.method ?? 'POST',
        agent: false,
        headers: {
          'Content-Type': 'text/plain;charset=UTF-8',
          'X-Forwarded-For': sending.client,
          ...sending.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(sending.body);
  });
}

/**
 * Sends `bytes` of a body in chunks and never ends it (or declares a length and sends nothing):
 * resolves with the answer's status and whether the server then closed the connection, or
 * rejects if nothing happened within `waitMs` (a handler left hanging).
 */
export function sendUnfinished(
  port: number,
  client: string,
  body: { declared?: number; bytes: number },
  waitMs = 3000,
): Promise<{ status: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`No answer (or no close) within ${waitMs} ms`));
    }, waitMs);
    const headers: Record<string, string> = {
      'Content-Type': 'text/plain',
      'X-Forwarded-For': client,
    };
    if (body.declared !== undefined) headers['Content-Length'] = String(body.declared);
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/__vitals',
      method: 'POST',
      agent: false,
      headers,
    });
    req.on('error', () => undefined); // the server may close while the client still writes
    req.on('response', (res) => {
      res.resume();
      res.socket.on('close', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, closed: true });
      });
    });
    req.flushHeaders();
    for (let sent = 0; sent < body.bytes; sent += 1024) req.write('x'.repeat(1024));
  });
}
