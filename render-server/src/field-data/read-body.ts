import type { IncomingMessage } from 'node:http';

export type BodyReading = { kind: 'body'; text: string } | { kind: 'too-large' } | { kind: 'gone' };

/**
 * Reads a request's body up to `maxBytes`. A declared Content-Length over it is refused before
 * a byte is read; a body that turns out longer (chunked, or lying about its length) is refused
 * as soon as it passes the limit, and what is left of it is never read (the caller answers with
 * Connection: close). A client that goes away or breaks the stream is "gone".
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyReading> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes)
    return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    // The 'error' listener stays: an error after the answer must not become an uncaught one.
    const finish = (reading: BodyReading) => {
      if (done) return;
      done = true;
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      resolve(reading);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        req.pause();
        finish({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') });
    const onGone = () => finish({ kind: 'gone' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('aborted', onGone);
  });
}
