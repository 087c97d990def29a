// @ts-check
/** Reads the field data of a time window from Firestore (an emulator or a real project). */
const { FieldPath, getFirestore } = require('firebase-admin/firestore');
const { deleteApp } = require('firebase-admin/app');
const {
  aggregatesCollection,
  minuteOf,
  refusalsCollection,
} = require('../../platform/field-data/aggregates.cjs');
const { decodeMinuteAggregate } = require('../../platform/field-data/decode-aggregate.cjs');
const { CliError } = require('../cli/cli.cjs');
const { explain, openApp, withTimeout } = require('../submissions/read-submissions.cjs');

/** @typedef {import('../../platform/field-data/aggregates.cjs').MinuteAggregate} MinuteAggregate */

/**
 * Runs `work` with a Firestore of the target, turning its failures into what to do about them.
 * @template T
 * @param {import('../cli/cli.cjs').Target} target
 * @param {(db: import('firebase-admin/firestore').Firestore) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withFirestore(target, work) {
  const app = await openApp(target);
  try {
    return await withTimeout(work(getFirestore(app))).catch((error) => {
      if (error instanceof CliError) throw error;
      throw target.kind === 'project'
        ? explain(error, target.projectId)
        : new CliError(`Reading the emulator failed: ${error?.message ?? error}`);
    });
  } finally {
    await deleteApp(app);
  }
}

/** Refusal documents count per reason; a field that is not a reason's count is not one. */
const reasonPattern = /^[a-z][a-z-]{0,40}$/;

/**
 * The minute aggregates and refused beacons of the minutes from `from` to `until` (both
 * minutes included).
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {{ from: Date; until: Date }} window
 * @returns {Promise<{ aggregates: MinuteAggregate[]; refused: Record<string, number> }>}
 */
async function readWindow(db, { from, until }) {
  const first = minuteOf(from);
  const last = minuteOf(until);
  const [stored, refusals] = await Promise.all([
    db
      .collection(aggregatesCollection)
      .where('minute', '>=', first)
      .where('minute', '<=', last)
      .get(),
    // A refusal document's id is its minute.
    db
      .collection(refusalsCollection)
      .where(FieldPath.documentId(), '>=', first)
      .where(FieldPath.documentId(), '<=', last)
      .get(),
  ]);
  const aggregates = stored.docs.flatMap((doc) => {
    const aggregate = decodeMinuteAggregate(doc.data());
    return aggregate ? [aggregate] : [];
  });
  /** @type {Record<string, number>} */
  const refused = {};
  for (const doc of refusals.docs)
    for (const [reason, count] of Object.entries(doc.data()))
      if (
        reasonPattern.test(reason) &&
        reason !== 'minute' &&
        typeof count === 'number' &&
        count > 0
      )
        refused[reason] = (refused[reason] ?? 0) + count;
  return { aggregates, refused };
}

module.exports = { withFirestore, readWindow };
