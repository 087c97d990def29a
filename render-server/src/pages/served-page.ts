import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** A page ready to send, with its compressed forms made once. */
export interface ServedPage {
  readonly status: 200 | 404 | 503;
  readonly html: string;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
  readonly etag: string;
  /** Worth a CDN's cache: a whole page from one known set of remote versions. */
  readonly cacheable: boolean;
  /** A 503's Retry-After, when it is known (else the handler's default). */
  readonly retryAfterSeconds?: number;
}

const compress = {
  gzip: promisify(gzip),
  brotli: promisify(brotliCompress),
};

/** A page ready to send. Compression runs off the main thread, at a level worth its time. */
export async function servedPage(
  status: ServedPage['status'],
  html: string,
  cacheable: boolean,
): Promise<ServedPage> {
  const [gzipped, brotli] = await Promise.all([
    compress.gzip(html, { level: 6 }),
    compress.brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ]);
  return {
    status,
    html,
    gzip: gzipped,
    brotli,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    cacheable,
  };
}
