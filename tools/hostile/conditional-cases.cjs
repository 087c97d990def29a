// @ts-check
const { statusIs, whole } = require('./hostile-checks.cjs');

/** @typedef {import('./hostile-checks.cjs').HostileCase} HostileCase */

/**
 * Conditional requests on one static file, then a HEAD with a bad Range and the spellings of
 * a path (encoded NUL, encoded dot-dot, a broken escape) a file server must refuse.
 * @param {string} file the file's path on the server
 * @param {() => string} etag the file's ETag, as the server sent it
 * @returns {HostileCase[]}
 */
function conditionalCases(file, etag) {
  /** @param {string} value @returns {Record<string, string>} */
  const range = (value) => ({ Range: value, 'Accept-Encoding': 'identity' });
  return [
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

module.exports = { conditionalCases };
