// @ts-check
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Crash-safe saves of an emulator's data. Every save writes a fresh folder
 * (`copy-<time>.partial`), syncs it to disk, records each file's size and SHA-256 in
 * `copy.json`, checks what it wrote, and only then renames it to `copy-<time>`. Older copies
 * are deleted only after that, and the newest two plus the newest one an emulator has really
 * loaded are always kept. A kill or power cut at any moment therefore leaves at least one
 * complete copy; a start picks the newest copy that is whole and names every damaged one.
 */

const manifestName = 'copy.json';
const loadedMarker = 'loaded';
const copyName = /^copy-\d{8}T\d{9}Z(-\d+)?$/;

/**
 * @typedef {(dir: string) => string | null} CopyCheck checks what a copy holds beyond the
 *   manifest (the emulator's own format): null when sound, else what is wrong
 */
/** @typedef {{ dir: string; legacy: boolean }} Candidate */
/** @typedef {{ dir: string; reason: string }} Damaged */

/** @param {string} file */
function fsyncPath(file) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    // Some platforms cannot fsync a directory; files are what matters most.
    if (!fs.statSync(file).isDirectory()) throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** @param {string} dir @returns {string[]} relative paths of every file, sorted */
function filesIn(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

/** @param {string} file */
const sha256 = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Syncs every file and folder under `dir`, deepest first, then `dir` itself. @param {string} dir */
function syncTree(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else fsyncPath(full);
  }
  fsyncPath(dir);
}

/**
 * @param {string} dir a copy with a manifest
 * @returns {string | null} what is wrong with it, or null when every listed file is intact
 */
function checkManifest(dir) {
  const manifestPath = path.join(dir, manifestName);
  if (!fs.existsSync(manifestPath)) return `${manifestName} is missing`;
  /** @type {{ files?: Array<{ path: string; size: number; sha256: string }> }} */
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  } catch {
    return `${manifestName} is not readable JSON`;
  }
  if (!Array.isArray(manifest.files)) return `${manifestName} lists no files`;
  for (const file of manifest.files) {
    const full = path.join(dir, file.path);
    if (!fs.existsSync(full)) return `${file.path} is missing`;
    const { size } = fs.statSync(full);
    if (size !== file.size) return `${file.path} has ${size} bytes instead of ${file.size}`;
    if (sha256(full) !== file.sha256) return `${file.path} does not match its checksum`;
  }
  return null;
}

/** A sortable, readable name for a new copy. @param {string} root */
function newCopyName(root) {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  let name = `copy-${stamp}`;
  for (let n = 2; fs.existsSync(path.join(root, name)); n++) name = `copy-${stamp}-${n}`;
  return name;
}

/**
 * @param {string} root the folder that holds the copies (e.g. .data/firestore)
 * @param {object} options
 * @param {CopyCheck} options.check the emulator format's own check
 * @param {(root: string) => string[]} [options.legacy] folders from older save layouts, oldest
 *   last, read (not written) when no newer copy is sound
 */
function createCopyStore(root, { check, legacy = () => [] }) {
  /** Every copy folder, newest first. */
  function copies() {
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root)
      .filter((name) => copyName.test(name))
      .sort()
      .reverse()
      .map((name) => path.join(root, name));
  }

  /**
   * Sound copies to start from, newest first, and the damaged ones met on the way (a damaged
   * copy is only reported if it is newer than the one that will be used, or no copy is sound).
   * @returns {{ candidates: Candidate[]; damaged: Damaged[] }}
   */
  function inspect() {
    /** @type {Candidate[]} */
    const candidates = [];
    /** @type {Damaged[]} */
    const damaged = [];
    const all = [
      ...copies().map((dir) => ({ dir, legacy: false })),
      ...legacy(root).map((dir) => ({ dir, legacy: true })),
    ];
    for (const candidate of all) {
      const reason =
        (candidate.legacy ? null : checkManifest(candidate.dir)) ?? check(candidate.dir);
      if (reason) damaged.push({ dir: candidate.dir, reason });
      else candidates.push(candidate);
    }
    const newestSound = candidates[0] ? all.indexOf(candidates[0]) : all.length;
    return {
      candidates,
      damaged: damaged.filter(({ dir }) => all.findIndex((c) => c.dir === dir) < newestSound),
    };
  }

  /**
   * Writes a new copy: `write` fills a fresh folder; the copy counts only once it is synced,
   * listed in its manifest and checked. Then older copies beyond what is kept are deleted.
   * @param {(dir: string) => Promise<void>} write
   * @returns {Promise<string>} the new copy's folder
   */
  async function save(write) {
    fs.mkdirSync(root, { recursive: true });
    const name = newCopyName(root);
    const partial = path.join(root, `${name}.partial`);
    fs.mkdirSync(partial);
    try {
      await write(partial);
      syncTree(partial);
      const files = filesIn(partial).map((file) => ({
        path: file,
        size: fs.statSync(path.join(partial, file)).size,
        sha256: sha256(path.join(partial, file)),
      }));
      const manifestPath = path.join(partial, manifestName);
      const savedAt = new Date().toISOString();
      fs.writeFileSync(manifestPath, `${JSON.stringify({ savedAt, files }, null, 2)}\n`);
      fsyncPath(manifestPath);
      fsyncPath(partial);
      const problem = checkManifest(partial) ?? check(partial);
      if (problem) throw new Error(`The new copy is not sound (${problem}); older copies are kept`);
      const complete = path.join(root, name);
      fs.renameSync(partial, complete);
      fsyncPath(root);
      prune();
      return complete;
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw error;
    }
  }

  /** Removes a folder by renaming it aside first, so a half-deleted copy never looks damaged. */
  function remove(/** @type {string} */ dir) {
    const doomed = `${dir}.deleting`;
    fs.renameSync(dir, doomed);
    fs.rmSync(doomed, { recursive: true, force: true });
  }

  /** Keeps the newest two copies and the newest one an emulator loaded; drops the rest. */
  function prune() {
    const all = copies();
    const keep = new Set(all.slice(0, 2));
    const loaded = all.find((dir) => fs.existsSync(path.join(dir, loadedMarker)));
    if (loaded) keep.add(loaded);
    for (const dir of all) if (!keep.has(dir)) remove(dir);
    for (const dir of legacy(root)) if (fs.existsSync(dir)) remove(dir);
    for (const name of fs.readdirSync(root)) {
      // Leftovers of interrupted saves and deletions (saves run one at a time).
      if (/\.(partial|deleting)$/.test(name)) {
        fs.rmSync(path.join(root, name), { recursive: true, force: true });
      }
    }
  }

  return {
    root,
    inspect,
    save,
    /** Records that an emulator started from this copy, so it is kept as the proven one. */
    markLoaded(/** @type {string} */ dir) {
      if (!dir.startsWith(root) || !fs.existsSync(dir)) return;
      fs.writeFileSync(path.join(dir, loadedMarker), `${new Date().toISOString()}\n`);
    },
    /**
     * Sets a damaged copy aside (kept for inspection, never loaded or deleted automatically).
     * @param {string} dir
     * @returns {string} where it now is
     */
    setAside(dir) {
      const aside = `${dir}.damaged`;
      if (fs.existsSync(dir)) fs.renameSync(dir, aside);
      return aside;
    },
  };
}

module.exports = { createCopyStore, checkManifest, manifestName };
