// @ts-check
const { statusIs, whole, part } = require('./hostile-checks.cjs');

/** @typedef {import('./hostile-checks.cjs').HostileCase} HostileCase */

/**
 * Ranges on one static file (served without compression, so the bytes are the file's):
 * malformed, unsatisfiable and too many ranges are ignored or refused as RFC 9110 says.
 * @param {string} file the file's path on the server
 * @returns {HostileCase[]}
 */
function rangeCases(file) {
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
  ];
}

module.exports = { rangeCases };
