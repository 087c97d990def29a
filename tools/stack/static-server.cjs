// @ts-check
const http = require('node:http');
const path = require('node:path');
const {
  answerParserErrors,
  containErrors,
  refuseUnservable,
  requestUrl,
} = require('../../render-server/src/http/http-hygiene.cjs');
const { createStaticFiles } = require('../../render-server/src/http/static-files.cjs');
const security = require('../../platform/security/security-policy.cjs');
const env = require('../cli/env.cjs');

/**
 * Serves one app's production build with the headers a real deployment would use: CORS on the
 * remotes, no-cache on what names the current build (manifests, remote entries, remotes.json,
 * index.html), immutable caching on hashed assets, pre-compressed files, and (for the shell)
 * a history fallback so deep links work, and the site's security headers (a page's policy on
 * index.html). Only GET and HEAD are served, and never a source map
 * or the federation build report (mf-stats.json), should a build have left one in dist.
 */

/** Files that are never published: they expose sources and build-machine paths. */
const unpublished = /(\.map|\/mf-stats\.json)(\.gz|\.br)?$/;

const hashedAsset = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** @param {string} pathname */
function cacheControlFor(pathname) {
  return hashedAsset.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * @param {object} options
 * @param {string} options.dir the app's dist folder
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.cors] allow any origin (remotes are fetched cross-origin by the shell)
 * @param {boolean} [options.historyFallback] answer unknown paths with index.html (the shell)
 * @param {Record<string, string>} [options.overrides] path -> JSON body served instead of the file
 * @param {Record<string, string>} [options.documentHeaders] more headers for index.html (its
 *   Content-Security-Policy)
 * @returns {Promise<{ url: string; close: () => Promise<void> }>}
 */
async function serveStatic({
  dir,
  port,
  host = 'localhost',
  cors = false,
  historyFallback = false,
  overrides = {},
  documentHeaders = {},
}) {
  const pageHeaders = { ...security.documentHeaders, ...documentHeaders };
  // Files are looked up on every request, as a static host serves what was uploaded since it
  // started (a release directory gains versions while it is served).
  const files = createStaticFiles({
    root: dir,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      if (/(^|\/)index\.html$/.test(pathname)) setAll(res, pageHeaders);
    },
  });
  const index = createStaticFiles({
    root: dir,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'no-cache');
      setAll(res, pageHeaders);
    },
  });

  const server = http.createServer(
    containErrors((req, res) => {
      if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
      setAll(res, security.commonHeaders);
      if (security.overHttps(req))
        res.setHeader('Strict-Transport-Security', security.strictTransportSecurity);
      if (refuseUnservable(req, res)) return;
      let pathname;
      try {
        pathname = requestUrl(req.url ?? '/').pathname;
      } catch {
        answerBadRequest(res);
        return;
      }
      // Hidden files and folders are never served: a publish under way lives in one.
      if (unpublished.test(pathname) || /(^|\/)\./.test(pathname)) {
        notFound(res);
        return;
      }
      const override = overrides[pathname];
      if (override !== undefined) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
        res.end(override);
        return;
      }
      files(req, res, pathname, () => {
        // Only page-like paths fall back to the app; a missing script or image is a real 404.
        if (historyFallback && !path.extname(pathname)) {
          index(req, res, '/index.html', () => notFound(res));
          return;
        }
        notFound(res);
      });
    }),
  );

  answerParserErrors(server);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  // Port 0 (tests) lets the system pick; the URL names the port it picked.
  const actualPort = address && typeof address === 'object' ? address.port : port;
  return {
    url: `http://${host}:${actualPort}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** @param {http.ServerResponse} res @param {Readonly<Record<string, string>>} headers */
function setAll(res, headers) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** @param {http.ServerResponse} res */
function answerBadRequest(res) {
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Bad request');
}

/** @param {http.ServerResponse} res */
function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Not found');
}

/**
 * The same server in a supervised process of its own (restarted if it stops on its own), as
 * the local stack runs each remote: one failing never takes the others down.
 * @param {string} name how its output lines are prefixed
 * @param {Parameters<typeof serveStatic>[0]} options
 * @returns {Promise<{ close: () => Promise<void>; pid: () => number | undefined }>}
 */
function serveStaticProcess(name, options) {
  const { superviseChild } = require('../processes/supervised-child.cjs');
  return superviseChild({
    name,
    args: [__filename],
    env: { ...process.env, STATIC_SERVER_OPTIONS: JSON.stringify(options) },
    readyText: 'listening on',
  });
}

// Run as a process of its own (serveStaticProcess): serve until SIGTERM.
if (require.main === module) {
  const options = JSON.parse(env.text('STATIC_SERVER_OPTIONS') ?? '{}');
  serveStatic(options).then(
    (server) => {
      console.log(`Static server listening on ${server.url}`);
      for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT']))
        process.on(signal, () => void server.close().then(() => process.exit(0)));
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

module.exports = { cacheControlFor, serveStatic, serveStaticProcess };
