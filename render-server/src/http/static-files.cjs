// @ts-check
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const mime = require('mime-types');
const Negotiator = require('negotiator');
const send = require('send');

/**
 * The static-file layer of every server of the site (the render server's own build, and the
 * remotes and shell that `npm start`, the tests and the benchmark serve). It is `send`, the
 * layer under Express's static files: paths decoded and confined to the folder, dot files
 * hidden, conditional requests (If-None-Match with weak comparison and lists,
 * If-Modified-Since, If-Match, If-Unmodified-Since, If-Range) and ranges through
 * `range-parser`, every failure an HTTP answer rather than a thrown error. sirv, which it
 * replaces, handed an unsatisfiable Range to fs.createReadStream, whose throw ended the process.
 *
 * Two things are added around it: the build's pre-compressed .br and .gz twins, chosen by the
 * Accept-Encoding q-values (`negotiator`), and a strict reading of Range by RFC 9110's grammar
 * before range-parser sees it, since range-parser is lenient where the RFC is not (see
 * `checkedRange`).
 */

/** Pre-compressed twins the builds write, in the order of preference. */
const encodings = /** @type {const} */ ([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

/** More ranges than any real client asks for are served whole (RFC 9110 allows ignoring them). */
const maxRanges = 16;

const rangeSpec = /^(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * What of a Range header to pass on, for a representation of `size` bytes (RFC 9110, 14.1-14.2):
 * - undefined: ignore it and send the whole file (another unit, bad syntax, a last position
 *   before the first, too many ranges);
 * - a header: the same ranges, with a suffix longer than the file made the whole file (the RFC
 *   says so; range-parser would call it unsatisfiable). A first position past the end stays as it
 *   is, so range-parser answers it 416.
 * @param {string} header
 * @param {number} size
 * @returns {string | undefined}
 */
function checkedRange(header, size) {
  const equals = header.indexOf('=');
  if (equals < 0 || header.slice(0, equals).trim().toLowerCase() !== 'bytes') return undefined;
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim());
  if (specs.length > maxRanges) return undefined;
  const out = [];
  for (const spec of specs) {
    const match = rangeSpec.exec(spec);
    if (!match) return undefined;
    const [, first, last, suffix] = match;
    if (suffix !== undefined) {
      out.push(Number(suffix) >= size && Number(suffix) > 0 ? '0-' : spec);
      continue;
    }
    if (last !== '' && Number(last) < Number(first)) return undefined;
    out.push(spec);
  }
  return `bytes=${out.join(',')}`;
}

/**
 * The file to send for `pathname`: its pre-compressed twin when the client accepts that encoding
 * (q-values honoured: `br;q=0` is a refusal) and the twin exists. `negotiated` says whether the
 * answer depends on Accept-Encoding (then it varies on it).
 * @param {string} root
 * @param {string} pathname the decoded path inside root
 * @param {import('node:http').IncomingMessage} req
 * @returns {{ file: string; encoding?: string; negotiated: boolean }}
 */
function representation(root, pathname, req) {
  const available = encodings.filter(
    ([, suffix]) => sizeOf(path.join(root, pathname + suffix)) !== undefined,
  );
  if (available.length === 0) return { file: pathname, negotiated: false };
  const chosen = new Negotiator(req).encoding([...available.map(([name]) => name), 'identity']);
  const twin = available.find(([name]) => name === chosen);
  return twin
    ? { file: pathname + twin[1], encoding: twin[0], negotiated: true }
    : { file: pathname, negotiated: true };
}

/** @param {string} pathname */
function decoded(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/**
 * @typedef {object} StaticFilesOptions
 * @property {string} root the folder served
 * @property {(res: import('node:http').ServerResponse, pathname: string) => void} [setHeaders]
 *   headers for a file about to be sent (Cache-Control and the like)
 */

/**
 * @param {StaticFilesOptions} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, pathname: string, next: () => void) => void}
 *   serves `pathname` (the URL's path, still encoded), or calls `next` when there is no such file
 */
function createStaticFiles({ root, setHeaders = () => {} }) {
  const folder = path.resolve(root);
  return (req, res, pathname, next) => {
    const name = decoded(pathname);
    // Let send refuse what it must (malformed, traversal, NUL); only a plain name has twins.
    const plain = name !== undefined && !name.includes('\0') && !/(^|\/)\.\.?(\/|$)/.test(name);
    const chosen = plain ? representation(folder, name, req) : undefined;
    const range = req.headers.range;
    if (range !== undefined) {
      const size = chosen && sizeOf(path.join(folder, chosen.file));
      const kept = size === undefined ? undefined : checkedRange(range, size);
      if (kept === undefined) delete req.headers.range;
      else req.headers.range = kept;
    }
    const stream = send(req, chosen ? encodeURI(chosen.file) : pathname, {
      root: folder,
      dotfiles: 'ignore',
      index: false,
      etag: true,
      lastModified: true,
      cacheControl: false,
    });
    stream.on('headers', (/** @type {import('node:http').ServerResponse} */ response) => {
      // The type of the file asked for, not of its .br or .gz twin.
      const type = mime.contentType(path.extname(name ?? pathname));
      if (type) response.setHeader('Content-Type', type);
      if (chosen?.encoding) response.setHeader('Content-Encoding', chosen.encoding);
      if (chosen?.negotiated) response.setHeader('Vary', 'Accept-Encoding');
      setHeaders(response, name ?? pathname);
    });
    // A directory is no file here: its listener stops send's own redirect to a trailing slash.
    stream.on('directory', () => next());
    stream.on(
      'error',
      (/** @type {Error & { status?: number; headers?: Record<string, string> }} */ error) => {
        const status = error.status ?? 500;
        if (status === 404) {
          next();
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // What was set for the file does not describe this answer; the site's headers stay.
        for (const header of res.getHeaderNames())
          if (/^(content-|etag$|last-modified$|accept-ranges$|vary$)/.test(header))
            res.removeHeader(header);
        res.writeHead(status, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          ...error.headers,
        });
        res.end(req.method === 'HEAD' ? undefined : `${http.STATUS_CODES[status] ?? 'Error'}\n`);
      },
    );
    stream.pipe(res);
  };
}

/** @param {string} file */
function sizeOf(file) {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

module.exports = { createStaticFiles };
