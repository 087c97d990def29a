// @ts-check
/** Where each app's builds go. Node only (the build configs, the tools, the render server's launcher). */
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

/**
 * Where an app's production build goes: its dist/ folder, or FIRSTDAY_DIST/<app> when set (so
 * two builds on one machine need not overwrite each other).
 * @param {string} app
 */
const distOf = (app) =>
  process.env.FIRSTDAY_DIST
    ? path.join(path.resolve(process.env.FIRSTDAY_DIST), app)
    : path.join(repoRoot, app, 'dist');

/**
 * Where an app's Node build goes: a remote's beside its browser build (dist/server, deployed
 * with it), the shell's render server in a folder of its own (dist-server, never served).
 * @param {string} app
 */
const serverDistOf = (app) =>
  app === 'shell' ? `${distOf(app)}-server` : path.join(distOf(app), 'server');

module.exports = { repoRoot, distOf, serverDistOf };
