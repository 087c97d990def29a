// @ts-check
const { statusIs } = require('./hostile-checks.cjs');

/** @typedef {import('./hostile-checks.cjs').HostileCase} HostileCase */

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

module.exports = { encodingCases };
