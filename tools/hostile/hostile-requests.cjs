// @ts-check
const http = require('node:http');

/**
 * Requests an attacker (or a broken client) sends, with what HTTP (RFC 9110) says the answer
 * must be. The HTTP tests run them against both servers of the site and the reliability
 * report lists them with the answers; the server must still answer `/` after every one.
 */

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {Buffer} body
 */

/**
 * @typedef {object} HostileCase
 * @property {string} name
 * @property {string} path the request target exactly as sent (no normalisation)
 * @property {Record<string, string>} [headers]
 * @property {string} [method]
 * @property {(answer: Answer, file: Buffer) => string | undefined} check what is wrong with
 *   the answer, or undefined when it is right (`file` is the whole file's bytes)
 */

/**
 * One request sent as is: Node's client does not resolve dot segments or re-encode the path,
 * as fetch would.
 * @param {string} origin e.g. http://localhost:4000
 * @param {string} path
 * @param {{ method?: string; headers?: Record<string, string> }} [options]
 * @returns {Promise<Answer>}
 */
function rawRequest(origin, path, { method = 'GET', headers = {} } = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, path, method, headers, agent: false, timeout: 15_000 },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

/** @param {Answer} answer @param {number} status */
const statusIs = (answer, status) =>
  answer.status === status ? undefined : `status ${answer.status}, not ${status}`;

/** @param {Answer} answer @param {Buffer} file */
const whole = (answer, file) =>
  statusIs(answer, 200) ??
  (answer.body.equals(file)
    ? undefined
    : `body of ${answer.body.length} bytes, not the whole file`);

/** @param {Answer} answer @param {Buffer} file @param {number} start @param {number} end */
const part = (answer, file, start, end) =>
  statusIs(answer, 206) ??
  (answer.headers['content-range'] !== `bytes ${start}-${end}/${file.length}`
    ? `Content-Range ${answer.headers['content-range']}`
    : answer.body.equals(file.subarray(start, end + 1))
      ? undefined
      : 'the wrong bytes');

/**
 * Ranges and conditional requests on one static file (served without compression, so the
 * bytes are the file's).
 * @param {string} file the file's path on the server
 * @param {() => string} etag the file's ETag, as the server sent it
 * @returns {HostileCase[]}
 */
function fileCases(file, etag) {
  /** @param {string} value @returns {Record<string, string>} */
  const range = (value) => ({ Range: value, 'Accept-Encoding': 'identity' });
  return [
    {
      name: 'Range with the end before the start (bytes=10-5): ignored',
      path: file,
      headers: range('bytes=10-5'),
      check: whole,
    },
    { name: 'Range bytes=2-1: ignored', path: file, headers: range('bytes=2-1'), check: whole },
    {
      name: 'Range starting past the end: 416 with the length',
      path: file,
      headers: range('bytes=99999999-'),
      check: (answer, bytes) =>
        statusIs(answer, 416) ??
        (answer.headers['content-range'] === `bytes */${bytes.length}`
          ? undefined
          : `Content-Range ${answer.headers['content-range']}`),
    },
    {
      name: 'suffix range bytes=-5: the last 5 bytes',
      path: file,
      headers: range('bytes=-5'),
      check: (a, f) => part(a, f, f.length - 5, f.length - 1),
    },
    {
      name: 'suffix longer than the file: all of it',
      path: file,
      headers: range('bytes=-99999999'),
      check: (a, f) => part(a, f, 0, f.length - 1),
    },
    {
      name: 'bytes=0-4: the first 5 bytes',
      path: file,
      headers: range('bytes=0-4'),
      check: (a, f) => part(a, f, 0, 4),
    },
    {
      name: 'open range bytes=3-: from byte 3',
      path: file,
      headers: range('bytes=3-'),
      check: (a, f) => part(a, f, 3, f.length - 1),
    },
    {
      name: 'another unit (items=0-4): ignored',
      path: file,
      headers: range('items=0-4'),
      check: whole,
    },
    {
      name: 'garbage after bytes= (bytes=abc): ignored',
      path: file,
      headers: range('bytes=abc'),
      check: whole,
    },
    {
      name: 'trailing junk (bytes=0-4x): ignored',
      path: file,
      headers: range('bytes=0-4x'),
      check: whole,
    },
    {
      name: 'negative start (bytes=-1-5): ignored',
      path: file,
      headers: range('bytes=-1-5'),
      check: whole,
    },
    {
      name: 'two ranges: the whole file',
      path: file,
      headers: range('bytes=0-0,-1'),
      check: whole,
    },
    {
      name: '500 ranges: the whole file',
      path: file,
      headers: range(`bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`),
      check: whole,
    },
    {
      name: 'If-None-Match with the ETag: 304',
      path: file,
      get headers() {
        return { 'If-None-Match': etag(), 'Accept-Encoding': 'identity' };
      },
      check: (a) => statusIs(a, 304),
    },
    {
      name: 'If-None-Match with the weak form of the ETag: 304 (weak comparison)',
      path: file,
      get headers() {
        return {
          'If-None-Match': `W/${etag().replace(/^W\//, '')}`,
          'Accept-Encoding': 'identity',
        };
      },
      check: (a) => statusIs(a, 304),
    },
    {
      name: 'If-None-Match with a list holding the ETag: 304',
      path: file,
      get headers() {
        return { 'If-None-Match': `"other", ${etag()}`, 'Accept-Encoding': 'identity' };
      },
      check: (a) => statusIs(a, 304),
    },
    {
      name: 'If-None-Match: * on a file that exists: 304',
      path: file,
      headers: { 'If-None-Match': '*', 'Accept-Encoding': 'identity' },
      check: (a) => statusIs(a, 304),
    },
    {
      name: 'If-None-Match with another ETag: the file',
      path: file,
      headers: { 'If-None-Match': '"nope"', 'Accept-Encoding': 'identity' },
      check: whole,
    },
    {
      name: 'If-Match with another ETag: 412',
      path: file,
      headers: { 'If-Match': '"nope"', 'Accept-Encoding': 'identity' },
      check: (a) => statusIs(a, 412),
    },
    {
      name: 'If-Range with an old ETag and a Range: the whole file',
      path: file,
      headers: { 'If-Range': '"old"', Range: 'bytes=0-4', 'Accept-Encoding': 'identity' },
      check: whole,
    },
    {
      name: 'If-Modified-Since that is not a date: the file',
      path: file,
      headers: { 'If-Modified-Since': 'yesterday', 'Accept-Encoding': 'identity' },
      check: whole,
    },
    {
      name: 'HEAD with a bad Range: no body',
      path: file,
      method: 'HEAD',
      headers: range('bytes=10-5'),
      check: (a) => statusIs(a, 200) ?? (a.body.length ? 'a body' : undefined),
    },
    {
      name: 'an encoded NUL in the path: refused',
      path: `${file}%00`,
      check: (a) => (a.status >= 400 && a.status < 500 ? undefined : `status ${a.status}`),
    },
    {
      name: 'an encoded dot-dot (..%2f): refused',
      path: `/..%2f..%2fetc%2fpasswd`,
      check: (a) => (a.status >= 400 && a.status < 500 ? undefined : `status ${a.status}`),
    },
    {
      name: 'a malformed escape (%E0%A4%A): refused',
      path: `/%E0%A4%A.js`,
      check: (a) => (a.status >= 400 && a.status < 500 ? undefined : `status ${a.status}`),
    },
  ];
}

/**
 * Content codings of a file that has .br and .gz twins.
 * @param {string} file
 * @returns {HostileCase[]}
 */
function encodingCases(file) {
  /** @param {string | undefined} expected @returns {HostileCase['check']} */
  const coded = (expected) => (answer) =>
    statusIs(answer, 200) ??
    (answer.headers['content-encoding'] === expected
      ? undefined
      : `Content-Encoding ${answer.headers['content-encoding']}, not ${expected}`);
  return [
    {
      name: 'Accept-Encoding: br, gzip: brotli',
      path: file,
      headers: { 'Accept-Encoding': 'br, gzip' },
      check: coded('br'),
    },
    {
      name: 'Accept-Encoding: br;q=0, gzip: gzip (q=0 refuses brotli)',
      path: file,
      headers: { 'Accept-Encoding': 'br;q=0, gzip' },
      check: coded('gzip'),
    },
    {
      name: 'Accept-Encoding: gzip;q=1, br;q=0.5: gzip (q-values ranked)',
      path: file,
      headers: { 'Accept-Encoding': 'gzip;q=1, br;q=0.5' },
      check: coded('gzip'),
    },
    {
      name: 'Accept-Encoding: br;q=0, gzip;q=0: not compressed',
      path: file,
      headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
      check: coded(undefined),
    },
    {
      name: 'Accept-Encoding: identity: not compressed',
      path: file,
      headers: { 'Accept-Encoding': 'identity' },
      check: coded(undefined),
    },
    {
      name: 'Accept-Encoding: *;q=0.1, garbage: still served',
      path: file,
      headers: { 'Accept-Encoding': '*;q=0.1, ;;==' },
      check: (a) => statusIs(a, 200),
    },
  ];
}

module.exports = { rawRequest, fileCases, encodingCases };
