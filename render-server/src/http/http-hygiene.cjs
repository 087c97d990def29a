// @ts-check
/**
 * What every server of the site answers before it looks for content: a read-only site allows
 * GET and HEAD (and OPTIONS, for CORS preflight); anything else is 405 with `Allow`. A request
 * line that is too long is 414, and headers too large for Node's parser are 431, instead of a
 * reset connection. Shared by the static server and any server that renders pages.
 */

const allowedMethods = 'GET, HEAD';

/** Longer than any real route or asset path; real CDNs refuse somewhere between 8 and 16 KB. */
const maxUrlLength = 4096;

/**
 * Answers requests no page or file of the site can satisfy.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {boolean} true when it has answered (the caller stops there)
 */
function refuseUnservable(req, res) {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, {
      Allow: `${allowedMethods}, OPTIONS`,
      'Access-Control-Allow-Methods': allowedMethods,
      'Access-Control-Max-Age': '600',
      'Content-Length': '0',
    });
    res.end();
    return true;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    answer(res, 405, 'Method not allowed', { Allow: allowedMethods });
    return true;
  }
  if ((req.url ?? '').length > maxUrlLength) {
    answer(res, 414, 'URI too long');
    return true;
  }
  return false;
}

/**
 * Makes Node answer requests its parser rejects (headers or request line over its limit: 431;
 * anything else malformed: 400) rather than dropping the connection without a word.
 * @param {import('node:http').Server} server
 */
function answerParserErrors(server) {
  server.on('clientError', (error, socket) => {
    const { code, rawPacket } = /** @type {NodeJS.ErrnoException & { rawPacket?: Buffer }} */ (
      error
    );
    if (!socket.writable || code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    // Node reports a request line over its limit as a header overflow: what it read tells which.
    const received = rawPacket?.toString('latin1') ?? '';
    const lineEnd = received.indexOf('\r\n');
    const longLine = lineEnd < 0 || lineEnd > maxUrlLength;
    const [status, text] =
      code === 'HPE_URI_TOO_LONG' || (code === 'HPE_HEADER_OVERFLOW' && longLine)
        ? [414, 'URI Too Long']
        : code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large']
          : [400, 'Bad Request'];
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${text.length}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}

/**
 * A request handler that cannot take its process down: whatever it throws, at once or in the
 * promise it returns, is logged with the request's method and path (never its query or body,
 * which may carry a visitor's data) and answered 500, and the server keeps serving.
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown} handler
 * @param {Pick<Console, 'error'>} [log]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
function containErrors(handler, log = console) {
  return (req, res) => {
    /** @param {unknown} error */
    const failed = (error) => {
      const where = `${req.method} ${(req.url ?? '/').split('?')[0]}`;
      log.error(`500 for ${where}:`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const header of res.getHeaderNames())
        if (/^(content-|etag$|last-modified$)/.test(header)) res.removeHeader(header);
      answer(res, 500, 'Internal Server Error', { 'Cache-Control': 'no-store' });
    };
    try {
      const result = handler(req, res);
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} text
 * @param {Record<string, string>} [headers]
 */
function answer(res, status, text, headers = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end(text);
}

/**
 * A request's target as a URL. An origin-form target is a path: resolved against a base,
 * `//about` would name a host "about" (and `//` none at all, which throws), so it is appended
 * to a base origin instead. Throws for a target no URL can hold.
 * @param {string} target
 */
function requestUrl(target) {
  return target.startsWith('/') ? new URL(`http://x${target}`) : new URL(target, 'http://x');
}

module.exports = {
  requestUrl,
  containErrors,
  refuseUnservable,
  answerParserErrors,
  allowedMethods,
  maxUrlLength,
};
