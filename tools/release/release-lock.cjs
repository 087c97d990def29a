// @ts-check
/**
 * The release directory's lock, and the compare-and-swap on its pointer. Every command that
 * changes the live pointer or the record (promote and its canary steps, the judge applying a
 * rollback or recording "healthy", a publish, a bad mark) reads the pointer, does its slow part
 * (a promotion's checks, reading the judge's decision) without the lock, then takes the lock,
 * compares the pointer with what it read, and writes only if it is unchanged. So two commands
 * never interleave their writes, a change made meanwhile is never overwritten (the later
 * command is refused and says so), and the lock is held for milliseconds: a command that finds
 * it held waits a few seconds rather than being refused.
 *
 * The lock is proper-lockfile's: a `<dir>/.release.lock` folder (mkdir is atomic on local and
 * network file systems) whose time the holder refreshes; a holder killed mid-way leaves a lock
 * that goes stale and is taken over. Who holds it is written beside it, to name them in a
 * refusal. It covers the commands that share the directory's file system; copies of the
 * directory on two machines (each deploying its own) are not one directory.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lockfile = require('proper-lockfile');
const { ReleaseError, remotesJsonOf, writeAtomically } = require('./release-dir.cjs');

/** A holder that stops refreshing the lock for this long has died: the lock is taken over. */
const staleMs = 10_000;

/**
 * How long a command waits for another to let go before it is refused (about 4 s): every holder
 * only reads and writes a few small files.
 */
const waitRetries = { retries: 8, factor: 1.5, minTimeout: 100, maxTimeout: 1000 };

/** Another command changed the directory, or holds it: nothing was written. */
class ReleaseConflictError extends ReleaseError {
  /** @override */
  name = 'ReleaseConflictError';
}

/** @param {string} dir */
const lockPathOf = (dir) => path.join(dir, '.release.lock');
/** @param {string} dir */
const ownerFileOf = (dir) => path.join(dir, '.release.lock.json');

/** @param {string} file @returns {string | null} */
function textOf(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
}

/** Who holds the lock, as its holder wrote it; "another command" when that cannot be read. @param {string} dir */
function holderOf(dir) {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFileOf(dir), 'utf8'));
    const fields = [
      typeof owner.command === 'string' ? owner.command : 'a release command',
      typeof owner.pid === 'number' ? `pid ${owner.pid}` : '',
      typeof owner.host === 'string' ? `on ${owner.host}` : '',
      typeof owner.since === 'string' ? `since ${owner.since}` : '',
    ].filter(Boolean);
    return fields.join(', ');
  } catch {
    return 'another command';
  }
}

/**
 * remotes.json as it is now, to compare with under the lock (null: there is none yet).
 * @param {string} dir
 */
const readPointerText = (dir) => textOf(remotesJsonOf(dir));

/**
 * What a command holding the lock may ask of it.
 * @typedef {object} HeldLock
 * @property {(readBefore: string | null) => void} assertPointer refuses (ReleaseConflictError)
 *   when remotes.json is no longer `readBefore` (what readPointerText gave before the slow part),
 *   or the lock was lost; call it right before writing
 */

/**
 * Runs `work` (short: reading and writing files) holding the lock of the release directory
 * `dir`. Another holder is waited for a few seconds, then refused with a message naming it.
 * @template T
 * @param {string} dir
 * @param {string} command what is running, as the refusal of another names it (e.g. "promote remote-home@2.0.0")
 * @param {(lock: HeldLock) => Promise<T> | T} work
 * @returns {Promise<T>}
 */
async function withReleaseLock(dir, command, work) {
  /** @type {Error | null} */
  let lost = null;
  /** @type {() => Promise<void>} */
  let unlock;
  try {
    unlock = await lockfile.lock(dir, {
      lockfilePath: lockPathOf(dir),
      stale: staleMs,
      retries: waitRetries,
      onCompromised: (error) => {
        // Thrown from a timer it would end the process mid-write; the next write refuses instead.
        lost = error;
      },
    });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ELOCKED') throw error;
    throw new ReleaseConflictError(
      `The release directory ${dir} is busy: ${holderOf(dir)} holds its lock. Nothing was changed; run this again.`,
    );
  }
  const owner = { command, pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  try {
    writeAtomically(ownerFileOf(dir), `${JSON.stringify(owner)}\n`);
    return await work({
      assertPointer(readBefore) {
        if (lost)
          throw new ReleaseConflictError(
            `The lock on ${dir} was lost while ${command} ran (${/** @type {Error} */ (lost).message}). Nothing was written: check \`npm run releases -- --to ${dir}\` and run this again.`,
          );
        if (readPointerText(dir) !== readBefore)
          throw new ReleaseConflictError(
            `${remotesJsonOf(dir)} changed while ${command} ran: another release command (or a hand edit) changed the live set or the canary meanwhile. Nothing was written: check \`npm run releases -- --to ${dir}\` and run this again.`,
          );
      },
    });
  } finally {
    fs.rmSync(ownerFileOf(dir), { force: true });
    await unlock().catch(() => {
      // A lock taken over (stale) is not ours to remove; the work above refused to write.
    });
  }
}

module.exports = { ReleaseConflictError, readPointerText, withReleaseLock };
