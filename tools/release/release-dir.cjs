// @ts-check
/**
 * A release directory: every published build of every app, and the pointer that says which
 * remote builds are live.
 *
 *   <dir>/release.json              under which URL each app's folder is served
 *   <dir>/remotes.json              the live pointer: the shell's remotes.json
 *   <dir>/<app>/<version>/          one immutable release (a remote's dist with server/ inside;
 *                                   the shell's dist/ and dist-server/)
 *   <dir>/<app>/.incoming-…/        a publish under way (never listed, never pointed at)
 */
const fs = require('node:fs');
const path = require('node:path');
const { appIds, remoteIds } = require('../../platform/apps.cjs');

/** @typedef {import('../../platform/apps.cjs').AppId} AppId */
/** @typedef {Exclude<AppId, 'shell'>} RemoteId */
/** @typedef {{ app: AppId; version: string; publishedAt: string }} ReleaseInfo */

/** What every release folder carries about itself, written before it becomes visible. */
const infoFile = 'release-info.json';

/** Versions are folder and URL segments: letters, digits and . + - _ only. */
const versionPattern = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

class ReleaseError extends Error {
  /** @override */
  name = 'ReleaseError';
}

/** @param {string} app @returns {app is AppId} */
const isApp = (app) => /** @type {string[]} */ (appIds).includes(app);

/** @param {string} app @returns {app is RemoteId} */
const isRemote = (app) => /** @type {string[]} */ (remoteIds).includes(app);

/**
 * The published releases of `app`, oldest first. A folder without its info file (a publish
 * interrupted before it was complete) is not a release.
 * @param {string} dir @param {AppId} app @returns {ReleaseInfo[]}
 */
function releasesOf(dir, app) {
  const appDir = path.join(dir, app);
  if (!fs.existsSync(appDir)) return [];
  return fs
    .readdirSync(appDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      try {
        const info = JSON.parse(fs.readFileSync(path.join(appDir, entry.name, infoFile), 'utf8'));
        return info.version === entry.name ? [/** @type {ReleaseInfo} */ (info)] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

/**
 * Under which URL each app's folder of `dir` is served: release.json's `urls[app]`, or its
 * `baseUrl` followed by the app's name.
 * @param {string} dir @param {AppId} app
 */
function appUrlOf(dir, app) {
  const file = path.join(dir, 'release.json');
  /** @type {{ baseUrl?: string; urls?: Record<string, string> }} */
  let config = {};
  if (fs.existsSync(file)) config = JSON.parse(fs.readFileSync(file, 'utf8'));
  const url =
    config.urls?.[app] ??
    (config.baseUrl ? new URL(`${app}/`, withSlash(config.baseUrl)).href : undefined);
  if (!url) {
    throw new ReleaseError(
      `${file} does not say where ${app}'s releases are served: pass --base-url URL (the URL of ${dir}) or set "urls": { "${app}": "…" } in it`,
    );
  }
  return withSlash(url);
}

/** @param {string} url */
const withSlash = (url) => (url.endsWith('/') ? url : `${url}/`);

/** Sets release.json's baseUrl. @param {string} dir @param {string} baseUrl */
function setBaseUrl(dir, baseUrl) {
  if (!/^https?:\/\//.test(baseUrl)) throw new ReleaseError(`--base-url must be an http(s) URL`);
  const file = path.join(dir, 'release.json');
  const config = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  writeAtomically(file, `${JSON.stringify({ ...config, baseUrl: withSlash(baseUrl) }, null, 2)}\n`);
}

/** The manifest URL of one release of a remote. @param {string} dir @param {RemoteId} app @param {string} version */
const manifestUrlOf = (dir, app, version) =>
  new URL(`${version}/mf-manifest.json`, appUrlOf(dir, app)).href;

/** The live pointer's path. @param {string} dir */
const remotesJsonOf = (dir) => path.join(dir, 'remotes.json');

/** @param {string} dir @returns {Record<string, string>} */
function readRemotesJson(dir) {
  const file = remotesJsonOf(dir);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/**
 * The live version of `app`: the release whose manifest remotes.json names, if any.
 * @param {string} dir @param {RemoteId} app
 */
function liveVersionOf(dir, app) {
  const url = readRemotesJson(dir)[app];
  if (!url) return undefined;
  return releasesOf(dir, app).find((release) => {
    try {
      return manifestUrlOf(dir, app, release.version) === url;
    } catch {
      return false;
    }
  })?.version;
}

/**
 * Writes a whole file next to its final name, syncs it, then renames it into place: readers
 * (the render server, a CDN) see the old file or the new one, never a part.
 * @param {string} file @param {string} text
 */
function writeAtomically(file, text) {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = fs.openSync(temp, 'w');
  try {
    fs.writeFileSync(handle, text);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temp, file);
}

module.exports = {
  ReleaseError,
  infoFile,
  versionPattern,
  isApp,
  isRemote,
  releasesOf,
  appUrlOf,
  setBaseUrl,
  manifestUrlOf,
  remotesJsonOf,
  readRemotesJson,
  liveVersionOf,
  writeAtomically,
};
