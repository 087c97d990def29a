// @ts-check
/**
 * What promote's record says of a candidate's checks, apart from the checks themselves: a
 * rollback or a forced release names what it skipped without loading what would run them.
 */
const { releasesOf } = require('./release-dir.cjs');

/**
 * The shell release the render check runs, as the record names it: a set that passed with one
 * shell has not passed with another.
 * @param {string} dir
 */
function shellCheckedWith(dir) {
  const newest = releasesOf(dir, 'shell').at(-1);
  return newest ? `shell@${newest.version}` : "the workspace's shell build";
}

/** What checkCandidate checks, as promote's record names the checks it skipped. */
const checkNames = [
  'every file served',
  'every route rendered',
  'the browser walk',
  'the shell type-checks',
];

module.exports = { checkNames, shellCheckedWith };
