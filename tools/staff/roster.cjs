// @ts-check
const { deleteApp } = require('firebase-admin/app');
const { getFirestore } = require('firebase-admin/firestore');
const { collections } = require('../../platform/contact-request/contact-schema.cjs');
const { CliError } = require('../cli/cli.cjs');
const { explain, openApp, withTimeout } = require('../submissions/read-submissions.cjs');

/**
 * The staff's two lists in Firestore, both written here with the Admin SDK:
 * - `staffAccess/{uid}`: who is staff now. The rules read it on every request, so taking an
 *   account off it refuses its next read and write at once (its ID token keeps the claim for up
 *   to an hour), and its open inbox, which listens to its own entry, signs out.
 * - `staffMembers/{email}`: whom the inbox offers as a lead's owner. Each member registers there
 *   on opening the inbox; only the Admin SDK removes them.
 */

/**
 * @template T
 * @param {import('../cli/cli.cjs').Target} target the Firestore emulator or a real project
 * @param {'read' | 'delete' | 'write'} action
 * @param {(db: import('firebase-admin/firestore').Firestore) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withFirestore(target, action, work) {
  const app = await openApp(target);
  try {
    return await withTimeout(work(getFirestore(app))).catch((error) => {
      throw target.kind === 'project'
        ? explain(error, target.projectId, action === 'write' ? 'delete' : action)
        : new CliError(`The Firestore emulator failed: ${error.message ?? error}`);
    });
  } finally {
    await deleteApp(app);
  }
}

/**
 * Puts the account on the roster the rules read (add, grant).
 * @param {import('../cli/cli.cjs').Target} target
 * @param {string} uid
 * @param {string} email
 */
function grantAccess(target, uid, email) {
  return withFirestore(target, 'write', async (db) => {
    await db.collection(collections.staffAccess).doc(uid).set({ email, grantedAt: new Date() });
  });
}

/**
 * Deletes one roster document if it is there.
 * @param {import('../cli/cli.cjs').Target} target
 * @param {string} collection
 * @param {string} id
 * @returns {Promise<boolean>} whether it was there
 */
function deleteEntry(target, collection, id) {
  return withFirestore(target, 'delete', async (db) => {
    const ref = db.collection(collection).doc(id);
    const snapshot = await ref.get();
    if (snapshot.exists) await ref.delete();
    return snapshot.exists;
  });
}

/**
 * Takes the account off the roster the rules read (revoke).
 * @param {import('../cli/cli.cjs').Target} target
 * @param {string} uid
 * @returns {Promise<boolean>} whether it was on it
 */
function revokeAccess(target, uid) {
  return deleteEntry(target, collections.staffAccess, uid);
}

/**
 * Deletes `staffMembers/{email}`, so a revoked person can no longer be picked as owner (the
 * rules refuse an owner without an entry). Leads they own keep their address: that is history.
 * @param {import('../cli/cli.cjs').Target} target the Firestore emulator or a real project
 * @param {string} email
 * @returns {Promise<boolean>} whether there was an entry
 */
function leaveRoster(target, email) {
  return deleteEntry(target, collections.staffMembers, email);
}

module.exports = { leaveRoster, grantAccess, revokeAccess };
