// @ts-check
/**
 * Publishes one build as an immutable release: copied whole into a hidden folder beside its
 * final place, then renamed into place in one step. A publish that is killed half-way leaves a
 * hidden folder that nothing lists or points at; an existing version is never replaced.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ReleaseError, infoFile, versionPattern } = require('./release-dir.cjs');
const { isAlive } = require('../processes/owned-process.cjs');

/** Files a release never carries (build reports, source maps). */
const unpublished = /(\.map|(^|\/)mf-stats\.json)(\.gz|\.br)?$/;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Copies every file below `from` into `to`, one at a time (`pauseMs` between files lets a test
 * interrupt a publish half-way).
 * @param {string} from @param {string} to @param {number} pauseMs
 */
async function copyTree(from, to, pauseMs) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target, pauseMs);
    else if (!unpublished.test(entry.name)) {
      fs.copyFileSync(source, target);
      if (pauseMs) await pause(pauseMs);
    }
  }
}

/**
 * Removes what publishes that were killed left behind (their process is gone).
 * @param {string} appDir
 */
function removeAbandoned(appDir) {
  if (!fs.existsSync(appDir)) return;
  for (const name of fs.readdirSync(appDir)) {
    const pid = Number(/^\.incoming-.*-(\d+)$/.exec(name)?.[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(appDir, name), { recursive: true, force: true });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir the release directory
 * @param {import('../../platform/apps.cjs').AppId} options.app
 * @param {string} options.version
 * @param {Record<string, string>} options.contents folder inside the release -> built folder
 *   ('' for the release's root)
 * @param {number} [options.pauseMs]
 * @returns {Promise<string>} the release's folder
 */
async function publishRelease({ dir, app, version, contents, pauseMs = 0 }) {
  if (!versionPattern.test(version)) throw new ReleaseError(`"${version}" is not a valid version`);
  const appDir = path.join(dir, app);
  const target = path.join(appDir, version);
  const refuse = () =>
    new ReleaseError(
      `${app} ${version} is already published (${target}); a release is never overwritten. Commit or change the sources to make a new version.`,
    );
  if (fs.existsSync(target)) throw refuse();
  removeAbandoned(appDir);
  const staging = path.join(appDir, `.incoming-${version}-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  for (const [inside, from] of Object.entries(contents))
    await copyTree(from, path.join(staging, inside), pauseMs);
  const info = { app, version, publishedAt: new Date().toISOString() };
  fs.writeFileSync(path.join(staging, infoFile), `${JSON.stringify(info, null, 2)}\n`);
  try {
    // Fails if the version appeared meanwhile (a folder that is not empty is never replaced).
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') throw refuse();
    throw error;
  }
  return target;
}

module.exports = { publishRelease };
