// @ts-check
const { deleteApp } = require('firebase-admin/app');
const { getFirestore, Timestamp } = require('firebase-admin/firestore');
const { CliError } = require('../cli/cli.cjs');
const {
  collections,
  historyArchive,
} = require('../../platform/contact-request/contact-schema.cjs');
const { explain, openApp, text, withTimeout } = require('./read-submissions.cjs');

/**
 * Deleting contact requests: one (a person's request to be forgotten) or every one older than
 * the retention period. Only staff tools delete; browsers cannot (firestore.rules).
 */

/**
 * Runs `work` on the target's database; each `step` it takes has a deadline and turns
 * firebase-admin's errors into what to do about them (a confirmation in between has none).
 * @template T
 * @param {import('./options.cjs').Target} target
 * @param {(db: import('firebase-admin/firestore').Firestore, step: <S>(p: Promise<S>) => Promise<S>) => Promise<T>} work
 */
async function withDatabase(target, work) {
  const app = await openApp(target);
  /** @type {<S>(p: Promise<S>) => Promise<S>} */
  const step = (promise) =>
    withTimeout(promise).catch((error) => {
      throw target.kind === 'project'
        ? explain(error, target.projectId, 'delete')
        : new CliError(`The emulator failed: ${error.message ?? error}`);
    });
  try {
    return await work(getFirestore(app), step);
  } finally {
    await deleteApp(app);
  }
}

/**
 * Deletes users/{id}.
 * @param {import('./options.cjs').Target} target
 * @param {string} id
 * @returns {Promise<{ name: string; createdAt: string }>} what was deleted
 */
function deleteSubmission(target, id) {
  return withDatabase(target, async (db, step) => {
    const ref = db.collection(collections.requests).doc(id);
    const snapshot = await step(ref.get());
    if (!snapshot.exists) throw new CliError(`There is no request with the id "${id}".`);
    const data = snapshot.data() ?? {};
    // Deleted only if it is still the document just read, so the report says what went.
    await step(ref.delete({ lastUpdateTime: snapshot.updateTime }));
    // The history entries moved out of the document go with it.
    await step(db.recursiveDelete(ref.collection(historyArchive)));
    const createdAt = data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null;
    return { name: text(data.name), createdAt: createdAt ? createdAt.toISOString() : '' };
  });
}

/**
 * Finds the requests received before `before`, lets `confirm` see how many, and deletes
 * exactly those when it agrees.
 * @param {import('./options.cjs').Target} target
 * @param {Date} before
 * @param {(count: number) => Promise<boolean>} confirm
 * @returns {Promise<{ found: number; deleted: number }>}
 */
function purgeBefore(target, before, confirm) {
  return withDatabase(target, async (db, step) => {
    const snapshot = await step(
      db
        .collection(collections.requests)
        .where('createdAt', '<', Timestamp.fromDate(before))
        .select()
        .get(),
    );
    const found = snapshot.size;
    if (found === 0 || !(await confirm(found))) return { found, deleted: 0 };
    const writer = db.bulkWriter();
    // Each with the history entries moved out of it (its history subcollection).
    const outcomes = snapshot.docs.map((doc) =>
      db.recursiveDelete(doc.ref, writer).then(
        () => null,
        (/** @type {unknown} */ error) => error,
      ),
    );
    // recursiveDelete queues each deletion only once it has listed what is below the request,
    // so the writer is closed after every one has settled, not before.
    const failures = (await step(Promise.all(outcomes))).filter((outcome) => outcome !== null);
    await step(writer.close());
    if (failures.length > 0) await step(Promise.reject(failures[0]));
    return { found, deleted: found };
  });
}

module.exports = { deleteSubmission, purgeBefore };
