// @ts-check
/**
 * Who a page's JavaScript belongs to and what it weighs: the shell, each remote, or a shared
 * library (read from each app's mf-manifest.json), plus the copies of react-dom and of the
 * federation runtime a page downloaded. Used by the byte-budget test and by `npm run bench`.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { appIds } = require('../../platform/apps.cjs');
const { distOf } = require('../stack/paths.cjs');

/** @typedef {import('../../platform/apps.cjs').AppId} AppId */
/** @typedef {{ url: string; body: Buffer }} ScriptResponse */

/** Strings only one kind of code carries, to count copies whatever the chunk is named. */
const signatures = {
  /** react-dom's client renderer: its error decoder URL and createRoot travel together. */
  reactDom: (/** @type {string} */ source) =>
    source.includes('https://react.dev/errors/') && source.includes('createRoot'),
  /** @module-federation/runtime-core keeps its global plugins under this key. */
  federationRuntime: (/** @type {string} */ source) => source.includes('__GLOBAL_PLUGIN__'),
  /** The firebase SDK names its components like this. */
  firebase: (/** @type {string} */ source) => /@firebase\/(app|firestore)/.test(source),
};

/**
 * What a chunk of the shell's own is, for the shell's lines of the list by owner: its entry
 * carries the federation runtime; its app chunk the router, layout and navigation.
 * @param {string} source
 * @param {string} file
 */
function shellPart(source, file) {
  if (signatures.federationRuntime(source)) return 'shell: federation runtime and entry';
  if (source.includes('clientReady')) return 'shell: app (routes, layout, navigation)';
  return `shell: chunk ${file.replace(/\.[0-9a-f]{8}\.js$/, '')}`;
}

/** @returns {Map<string, string>} "<app>/<file>" -> shared library name */
function sharedFiles() {
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const app of appIds) {
    const manifestPath = path.join(distOf(app), 'mf-manifest.json');
    if (!fs.existsSync(manifestPath)) continue;
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    for (const shared of manifest.shared ?? []) {
      // 'react-dom/client' is react-dom.
      const parts = String(shared.name).split('/');
      const name = parts.slice(0, parts[0]?.startsWith('@') ? 2 : 1).join('/');
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
        files.set(`${app}/${file}`, name);
      }
    }
  }
  return files;
}

/** @param {Buffer} body */
const gzipBytes = (body) => zlib.gzipSync(body, { level: 9 }).length;

/**
 * @param {ScriptResponse[]} scripts every JavaScript response of one page load
 * @param {Record<AppId, number>} ports where each app was served
 */
function weighJavaScript(scripts, ports) {
  const appByPort = new Map(appIds.map((id) => [String(ports[id]), id]));
  const shared = sharedFiles();
  /** @type {Record<string, number>} */
  const byOwner = {};
  /** @type {Array<{ owner: string; file: string; gzipBytes: number }>} */
  const chunks = [];
  let total = 0;
  let reactDomCopies = 0;
  let federationRuntimeCopies = 0;
  let firebase = false;
  for (const { url, body } of scripts) {
    const { port, pathname } = new URL(url);
    const app = appByPort.get(port) ?? `other (${port})`;
    const library = shared.get(`${app}/${path.posix.basename(pathname)}`);
    const source = body.toString('utf8');
    const owner = library
      ? `shared: ${library}`
      : app === 'shell'
        ? shellPart(source, path.posix.basename(pathname))
        : app;
    const bytes = gzipBytes(body);
    byOwner[owner] = (byOwner[owner] ?? 0) + bytes;
    chunks.push({ owner, file: `${app}${pathname}`, gzipBytes: bytes });
    total += bytes;
    if (signatures.reactDom(source)) reactDomCopies += 1;
    if (signatures.federationRuntime(source)) federationRuntimeCopies += 1;
    if (signatures.firebase(source)) firebase = true;
  }
  return {
    totalGzipBytes: total,
    byOwner,
    // Heaviest first: what a budget's failure names first.
    chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
    scriptRequests: scripts.length,
    reactDomCopies,
    federationRuntimeCopies,
    firebase,
  };
}

module.exports = { weighJavaScript, signatures, gzipBytes };
