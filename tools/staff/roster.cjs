// @ts-check
const { deleteApp } = require('firebase-admin/app');
const { getFirestore } = require('firebase-admin/firestore');
const { CliError } = require('../cli/cli.cjs');
const { explain, openApp, withTimeout } = require('../submissions/read-submissions.cjs');

/**
 * The staff roster in Firestore (`staffMembers/{email}`): whom the inbox offers as a lead's
 * owner. Each member registers there on opening the inbox; only the Admin SDK removes them.
 */

/**
 * Deletes `staffMembers/{email}`, so a revoked person can no longer be picked as owner (the
 * rules refuse an owner without an entry). Leads they own keep their address: that is history.
 * @param {import('../cli/cli.cjs').Target} target the Firestore emulator or a real project
 * @param {string} email
 * @returns {Promise<boolean>} whether there was an entry
 */
async function leaveRoster(target, email) {
  const app = await openApp(target);
  try {
    const ref = getFirestore(app).collection('staffMembers').doc(email);
    const work = async () => {
      const snapshot = await ref.get();
      if (snapshot.exists) await ref.delete();
      return snapshot.exists;
    };
    return await withTimeout(work()).catch((error) => {
      throw target.kind === 'project'
        ? explain(error, target.projectId, 'delete')
        : new CliError(`The Firestore emulator failed: ${error.message ?? error}`);
    });
  } finally {
    await deleteApp(app);
  }
}

module.exports = { leaveRoster };
