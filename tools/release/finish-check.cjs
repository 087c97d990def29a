// @ts-check
/**
 * What stands between a running canary and `promote --finish`: its judge's stored decision
 * (canaryDecisions/<id>, written once by `npm run canary` or the scheduled function) and the
 * record. Only a stored "healthy" lets it through: a stored rollback, no decision yet (the judge
 * has not ruled the floors out: it waits or calls the canary inconclusive), a rollback in the
 * record, a release of it marked bad, or a decision that cannot be read each refuse it;
 * `--force` finishes anyway and the record keeps what it overrode (and that it was unjudged).
 * Finishing marks a stored healthy as finished, by a compare-and-swap, so it and a judge's late
 * rollback never both win.
 */
const review = require('../../platform/releases/canary-review.cjs');
const history = require('./release-history.cjs');
const { ReleaseConflictError } = require('./release-lock.cjs');
const reader = require('../vitals/read-field-data.cjs');

/** @typedef {import('../../platform/remotes/remotes-json.cjs').Canary} Canary */
/** @typedef {import('../../platform/releases/canary-review.cjs').CanaryDecision} CanaryDecision */
/** @typedef {import('../cli/cli.cjs').Target} Target */
/** @typedef {import('firebase-admin/firestore').Timestamp} Timestamp */

/** @param {Target} target */
const storeName = (target) =>
  target.kind === 'project'
    ? `project ${target.projectId}`
    : `the emulator at ${target.host}:${target.port} (project ${target.projectId})`;

/**
 * What the judge's stored decision says against finishing the canary (nothing: it called it
 * healthy), and the stored healthy's update time, which `markFinished` swaps on. Read before the
 * directory is locked (it may take a few seconds).
 * @param {Target} target where the judge's decisions are stored
 * @param {Canary} canary @param {string} dir
 * @returns {Promise<{ blockers: string[]; healthyAt?: Timestamp; unjudged?: true }>}
 */
async function readVerdict(target, canary, dir) {
  /** @type {{ decision: CanaryDecision | null; updateTime?: Timestamp }} */
  let stored;
  try {
    stored = await reader.withFirestore(target, async (db) => {
      const snapshot = await db.doc(`${review.decisionsCollection}/${canary.id}`).get();
      return snapshot.exists
        ? {
            decision: review.decodeCanaryDecision(snapshot.data()),
            updateTime: snapshot.updateTime,
          }
        : { decision: null };
    });
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return {
      blockers: [`its judge's decision could not be read from ${storeName(target)}: ${problem}`],
    };
  }
  const { decision } = stored;
  if (decision?.decision === 'rollback')
    return {
      blockers: [
        `its judge rolled it back (${decision.by || 'a judge'}, ${decision.at}): ${decision.reasons.join('; ') || 'no reasons stored'}`,
      ],
    };
  if (!decision)
    return {
      blockers: [
        `its judge has not called it healthy: no decision is stored for it in ${storeName(target)} (judge it with \`npm run canary -- --to ${dir} --watch\`; "inconclusive" says how many more views it needs)`,
      ],
      unjudged: true,
    };
  return { blockers: [], healthyAt: stored.updateTime };
}

/**
 * Marks the stored healthy as finished, only if it is still the one read: a judge that stores a
 * rollback meanwhile wins, and a judge that comes after leaves a finished canary's healthy alone.
 * @param {Target} target @param {string} id @param {Timestamp} healthyAt @param {string} by
 */
async function markFinished(target, id, healthyAt, by) {
  try {
    await reader.withFirestore(target, (db) =>
      db
        .doc(`${review.decisionsCollection}/${id}`)
        .update(
          { finishedAt: new Date().toISOString(), finishedBy: by },
          { lastUpdateTime: healthyAt },
        ),
    );
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    throw new ReleaseConflictError(
      `The judge's decision for canary ${id} changed (or could not be written) while it was being finished: ${problem}. Nothing was changed; run --finish again to read the decision that stands.`,
    );
  }
}

/**
 * What the directory's record says against finishing the canary: a rollback of it applied
 * (the canary put back by hand since), a release of it marked bad. Read under the lock.
 * @param {string} dir @param {Canary} canary
 * @returns {string[]}
 */
function recordBlockers(dir, canary) {
  const rolledBack = history
    .readHistory(dir)
    .find((entry) => entry.action === 'canary-rollback' && entry.canary === canary.id);
  const bad = history.badReleases(dir);
  return [
    ...(rolledBack ? [`the record says its judge rolled it back at ${rolledBack.at}`] : []),
    ...Object.entries(canary.releases).flatMap(([app, version]) => {
      const spec = `${app}@${version}`;
      return bad.has(spec) ? [`${spec} is marked bad (${bad.get(spec) || 'no reason given'})`] : [];
    }),
  ];
}

module.exports = { readVerdict, markFinished, recordBlockers };
