// @ts-check
/**
 * The published types of the live remote releases, laid out for the shell's type check: each
 * remote's @mf-types.zip (named in its manifest) unpacked into <folder>/<remote>/, so
 * `remote-home/home-page` resolves to <folder>/remote-home/home-page.d.ts.
 */
const fs = require('node:fs');
const path = require('node:path');
const AdmZip = require('adm-zip');
const { remoteIds } = require('../../platform/apps.cjs');
const releaseDir = require('./release-dir.cjs');

/**
 * Reads a file named by URL: from the release directory when `dir` serves it, else over HTTP.
 * @param {string} url @param {string | undefined} dir
 * @returns {Promise<Buffer>}
 */
async function read(url, dir) {
  if (dir) {
    for (const app of remoteIds) {
      let base;
      try {
        base = releaseDir.appUrlOf(dir, app);
      } catch {
        continue;
      }
      if (url.startsWith(base))
        return fs.readFileSync(path.join(dir, app, decodeURIComponent(url.slice(base.length))));
    }
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The remotes.json of a release directory, or of a deployed site by its URL.
 * @param {string} from
 * @returns {Promise<Record<string, string>>}
 */
async function liveRemotesOf(from) {
  return /^https?:\/\//.test(from)
    ? JSON.parse(String(await read(from, undefined)))
    : releaseDir.readRemotesJson(from);
}

/**
 * Unpacks the published types of the remote builds `remotes` names (remote -> manifest URL).
 * @param {Record<string, string>} remotes
 * @param {string | undefined} dir a release directory to read files from instead of HTTP
 * @param {string} into the folder to unpack into
 * @returns {Promise<Record<string, string>>} remote -> the build's version
 */
async function unpackTypes(remotes, dir, into) {
  /** @type {Record<string, string>} */
  const versions = {};
  for (const app of remoteIds) {
    const manifestUrl = remotes[app];
    if (!manifestUrl) throw new releaseDir.ReleaseError(`remotes.json names no live ${app}`);
    const manifest = JSON.parse(String(await read(manifestUrl, dir)));
    const zip = manifest.metaData?.types?.zip;
    if (!zip)
      throw new releaseDir.ReleaseError(`${app}'s build (${manifestUrl}) publishes no types`);
    const archive = new AdmZip(await read(new URL(zip, manifestUrl).href, dir));
    archive.extractAllTo(path.join(into, app), true);
    versions[app] = manifest.metaData.buildInfo?.buildVersion ?? manifestUrl;
  }
  return versions;
}

module.exports = { liveRemotesOf, unpackTypes };
