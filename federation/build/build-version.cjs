// @ts-check
/**
 * The version of a build: `<package version>+<short commit>`, and `.dirty-<hash>` after it
 * when the sources the build reads differ from that commit. The hash is taken over those
 * sources, so two builds from different sources never share a version, and a clean checkout
 * always gives the same one.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

/** Folders and files an app's build reads besides the app itself, relative to the workspace. */
const sharedInputs = ['federation', 'platform', 'render-server/src'];
const sharedFiles = ['tsconfig.base.json', 'package-lock.json'];

/** Never build inputs: outputs, dependencies, local data. */
const notInputs = /(^|\/)(node_modules|dist|dist-server|\.tmp|\.data|__tests__)(\/|$)/;

/** Git's id of a file's contents (what `git hash-object` prints). @param {Buffer} content */
const blobId = (content) =>
  crypto.createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');

/**
 * Every input file below `dir`, as workspace-relative path -> blob id.
 * @param {string} workspace @param {string} dir @param {Map<string, string>} into
 */
function collect(workspace, dir, into) {
  const absolute = path.join(workspace, dir);
  if (!fs.existsSync(absolute)) return;
  if (fs.statSync(absolute).isFile()) {
    into.set(dir, blobId(fs.readFileSync(absolute)));
    return;
  }
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (notInputs.test(relative)) continue;
    // A symlinked folder (a copied app reaching the workspace's shared packages) is read through.
    const isDir =
      entry.isDirectory() ||
      (entry.isSymbolicLink() && fs.statSync(path.join(absolute, entry.name)).isDirectory());
    if (isDir) collect(workspace, relative, into);
    else into.set(relative, blobId(fs.readFileSync(path.join(absolute, entry.name))));
  }
}

/** @param {string} cwd @param {string[]} args */
const git = (cwd, args) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * The version of the app in `appDir` as it would build now.
 * @param {string} appDir the app's folder; its parent is the workspace root
 */
function buildVersionOf(appDir) {
  const app = path.basename(appDir);
  const workspace = path.dirname(appDir);
  const { version } = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  /** @type {Map<string, string>} */
  const working = new Map();
  for (const input of [app, ...sharedInputs, ...sharedFiles]) collect(workspace, input, working);

  let commit = 'nogit';
  /** @type {Map<string, string>} */
  const committed = new Map();
  try {
    commit = git(appDir, ['rev-parse', '--short=7', 'HEAD']).trim();
    const listing = git(appDir, [
      'ls-tree',
      '-r',
      '--full-tree',
      'HEAD',
      '--',
      app,
      ...sharedInputs,
      ...sharedFiles,
    ]);
    for (const line of listing.split('\n')) {
      const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line);
      if (match?.[1] && match[2] && !notInputs.test(match[2])) committed.set(match[2], match[1]);
    }
  } catch {
    // Not in a git checkout: the sources' hash alone says which build this is.
  }
  const listing = [...working].sort(([a], [b]) => (a < b ? -1 : 1));
  const clean =
    commit !== 'nogit' &&
    listing.length === committed.size &&
    listing.every(([file, id]) => committed.get(file) === id);
  if (clean) return `${version}+${commit}`;
  const tree = crypto
    .createHash('sha256')
    .update(listing.map(([file, id]) => `${id} ${file}`).join('\n'))
    .digest('hex')
    .slice(0, 10);
  return `${version}+${commit}.dirty-${tree}`;
}

module.exports = { buildVersionOf };
