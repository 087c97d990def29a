// @ts-check
/**
 * The record of a release directory: every publish, promotion, rollback and bad mark, who did
 * it and when, in <dir>/release-history.json beside the live pointer and written the same way
 * (whole, synced, renamed), so a reader never sees half of it.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeAtomically } = require('./release-dir.cjs');
const env = require('../cli/env.cjs');

/**
 * @typedef {object} HistoryEntry
 * @property {string} at ISO time
 * @property {string} by who: FIRSTDAY_RELEASER, else git's user.email, else the OS user
 * @property {HistoryAction} action
 * @property {string} app
 * @property {string} version
 * @property {string | null} [from] the version live before (promote, rollback, canary-start)
 * @property {string} [reason]
 * @property {boolean} [forced] promoted although a check failed or it was marked bad
 * @property {string[]} [problems] what the checks found, when forced
 * @property {CheckedSet} [checked] the whole set this promotion made live, its checks all passed
 * @property {string[]} [skippedChecks] checks not run: the set was live before and passed them
 *   (with checkedAt), or the browser walk was skipped (--skip-browser, without checkedAt)
 * @property {string} [checkedAt] when the set that was live again passed its checks
 * @property {boolean} [unjudged] a canary finished before its judge stored any decision
 * @property {string} [canary] the canary's id (canary-*, and the promotions a canary-finish makes)
 * @property {number} [share] percent of visitors the canary serves (canary-start)
 * @property {{ share: number; at: string }} [widen] the share it draws new visitors at from
 *   `at` on (canary-start of a staged canary)
 * @property {string[]} [reasons] the judge's (canary-rollback, canary-healthy, canary-inconclusive)
 * @property {object} [figures] the field data the judge read (canary-rollback, canary-healthy)
 * @property {import('../../platform/releases/canary-judge.cjs').CanaryNeeds} [needs] what would make an
 *   inconclusive canary conclusive: canary views still needed, hours at today's rate, the share
 *   that would bring them within an hour (canary-inconclusive)
 * @property {string} [set] the live set the alarm is about (live-alarm)
 * @property {string[]} [routes] the routes whose visitors met more faults (live-alarm)
 * @property {string} [command] the suggested rollback (live-alarm)
 */

/**
 * What happened: a publish; a promotion or rollback of the live set; a bad mark; a canary
 * started, finished (made live: recorded with a promote or rollback of each remote), aborted
 * by a person, rolled back by the judge, or reported healthy by it; a live alarm (a promoted
 * set's visitors met more faults than the set's before it).
 * @typedef {'publish' | 'promote' | 'rollback' | 'mark-bad' | 'canary-start' | 'canary-finish' | 'canary-abort' | 'canary-rollback' | 'canary-healthy' | 'canary-inconclusive' | 'live-alarm'} HistoryAction
 */

/**
 * A set of remotes that passed promote's checks: every remote's manifest URL (remotes.json as
 * written), the shell release it was checked with, and the checks.
 * @typedef {{ remotes: Record<string, string>; shell: string; checks: string[] }} CheckedSet
 */

/** @param {string} dir */
const historyFileOf = (dir) => path.join(dir, 'release-history.json');

/** @param {string} dir @returns {HistoryEntry[]} */
function readHistory(dir) {
  const file = historyFileOf(dir);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
}

/** Who is doing this, as the record names them. */
function releaser() {
  const releaser = env.text('FIRSTDAY_RELEASER');
  if (releaser) return releaser;
  try {
    const email = execFileSync('git', ['config', 'user.email'], { encoding: 'utf8' }).trim();
    if (email) return email;
  } catch {
    // No git, or no user set: the OS user below.
  }
  return os.userInfo().username;
}

/**
 * Adds entries to the record.
 * @param {string} dir
 * @param {Array<Omit<HistoryEntry, 'at' | 'by'>>} entries
 */
function record(dir, entries) {
  const at = new Date().toISOString();
  const by = releaser();
  const history = [...readHistory(dir), ...entries.map((entry) => ({ at, by, ...entry }))];
  writeAtomically(historyFileOf(dir), `${JSON.stringify(history, null, 2)}\n`);
}

/**
 * Releases marked bad, with the newest reason; a later promotion with --force does not clear it.
 * @param {string} dir @returns {Map<string, string>} "<app>@<version>" -> reason
 */
function badReleases(dir) {
  /** @type {Map<string, string>} */
  const bad = new Map();
  for (const entry of readHistory(dir))
    if (entry.action === 'mark-bad') bad.set(`${entry.app}@${entry.version}`, entry.reason ?? '');
  return bad;
}

/**
 * The versions of `app` that were live before, newest first (from promotions and rollbacks).
 * @param {string} dir @param {string} app @returns {string[]}
 */
function previouslyLive(dir, app) {
  return readHistory(dir)
    .filter(
      (entry) => entry.app === app && (entry.action === 'promote' || entry.action === 'rollback'),
    )
    .flatMap((entry) => (entry.from ? [entry.from] : []))
    .reverse();
}

/**
 * When `remotes` (remote -> manifest URL) was made live before by a promotion whose checks all
 * passed with the same shell release, the newest such entry; else undefined. A set that was
 * forced live, checked with another shell, or spared one of `checks`, is not one.
 * @param {string} dir @param {Record<string, string>} remotes @param {string} shell
 * @param {string[]} checks the checks it must have passed
 * @returns {HistoryEntry | undefined}
 */
function checkedBefore(dir, remotes, shell, checks) {
  const wanted = JSON.stringify(Object.entries(remotes).sort());
  return readHistory(dir)
    .reverse()
    .find(
      (entry) =>
        !entry.forced &&
        entry.checked?.shell === shell &&
        checks.every((check) => entry.checked?.checks.includes(check)) &&
        JSON.stringify(Object.entries(entry.checked.remotes).sort()) === wanted,
    );
}

module.exports = {
  historyFileOf,
  checkedBefore,
  readHistory,
  record,
  releaser,
  badReleases,
  previouslyLive,
};
