// @ts-check
const http = require('node:http');

/**
 * Requests an attacker (or a broken client) sends, with what HTTP (RFC 9110) says the answer
 * must be. The HTTP tests run them against both servers of the site and the reliability
 * report lists them with the answers; the server must still answer `/` after every one.
 */
const { rangeCases } = require('./range-cases.cjs');
const { conditionalCases } = require('./conditional-cases.cjs');
const { encodingCases } = require('./encoding-cases.cjs');

/** @typedef {import('./hostile-checks.cjs').Answer} Answer */
/** @typedef {import('./hostile-checks.cjs').HostileCase} HostileCase */

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

/**
 * Ranges and conditional requests on one static file (served without compression, so the
 * bytes are the file's).
 * @param {string} file the file's path on the server
 * @param {() => string} etag the file's ETag, as the server sent it
 * @returns {HostileCase[]}
 */
function fileCases(file, etag) {
  return [...rangeCases(file), ...conditionalCases(file, etag)];
}

module.exports = { rawRequest, fileCases, encodingCases };
