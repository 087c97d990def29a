// @ts-check
const { deleteApp, initializeApp } = require('firebase-admin/app');
const { getFirestore, Timestamp } = require('firebase-admin/firestore');
const { CliError } = require('../cli/cli.cjs');
const { firestore } = require('../../platform/apps.cjs');
// One decoder of a stored request for the inbox, this command and the notification function;
// one row format for the inbox's exports and this command's.
const {
  decodeContactRequest,
  withArchivedHistory,
} = require('../../platform/contact-request/contact-request.cjs');
const {
  collections,
  historyArchive,
} = require('../../platform/contact-request/contact-schema.cjs');
const env = require('../cli/env.cjs');
const { withinDeadline } = require('../../platform/deadline.cjs');

/** Reads contact requests with firebase-admin, from an emulator or a real project. */

/**
 * A request as exported: the export module's row (times in ISO 8601, UTC).
 * @typedef {import('../../platform/contact-request/request-export.cjs').ExportRow} Submission
 */
/** @typedef {import('../../platform/contact-request/contact-request.cjs').DecodedContactRequest} DecodedContactRequest */

const queryTimeoutMs = 30_000;

/** @param {{ host: string; port: number }} emulator */
async function assertEmulatorAnswers({ host, port }) {
  try {
    await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/`, {
      signal: AbortSignal.timeout(3_000),
    });
  } catch {
    throw new CliError(
      `No Firestore emulator answers at ${host}:${port}.\n` +
        `Start the site with \`npm start\` (it runs the emulator on ${firestore.host}:${firestore.port} and keeps its data\n` +
        'in .data/), point at another emulator with --emulator HOST:PORT, or read a real project\n' +
        'with --project ID.',
    );
  }
}

/**
 * Turns firebase-admin's errors for a real project into what to do about them.
 * @param {unknown} error
 * @param {string} projectId
 * @param {'read' | 'delete'} [access] what the command tried to do
 */
function explain(error, projectId, access = 'read') {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  const login =
    'Sign in with `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS\n' +
    'to a service account key file.';
  if (/does not exist, or it is not a file/.test(message)) {
    return new CliError(
      `GOOGLE_APPLICATION_CREDENTIALS names a file that does not exist (${env.text('GOOGLE_APPLICATION_CREDENTIALS')}).\n${login}`,
    );
  }
  if (/default credentials|could not load|credential/i.test(message)) {
    return new CliError(
      `No Google credentials were found to read project "${projectId}".\n${login}`,
    );
  }
  if (code === 16 || /UNAUTHENTICATED|invalid_grant|reauth/i.test(message)) {
    return new CliError(
      `Google refused the credentials for project "${projectId}" (expired or revoked).\n${login}`,
    );
  }
  if (code === 7 || /PERMISSION_DENIED/.test(message)) {
    return new CliError(
      access === 'read'
        ? `These credentials may not read Firestore in project "${projectId}".\n` +
            'Ask an owner for the role "Cloud Datastore Viewer" (roles/datastore.viewer), and check\n' +
            'the project id.'
        : `These credentials may not delete from Firestore in project "${projectId}".\n` +
            'Ask an owner for the role "Cloud Datastore User" (roles/datastore.user), and check\n' +
            'the project id.',
    );
  }
  if (code === 5 || /NOT_FOUND/.test(message)) {
    return new CliError(
      `Project "${projectId}" has no Firestore database (or does not exist). Check the project id.`,
    );
  }
  if (code === 14 || /UNAVAILABLE|ENOTFOUND|ECONNREFUSED|timed out/i.test(message)) {
    return new CliError(
      `Firestore for project "${projectId}" could not be reached (${message}). Check the network.`,
    );
  }
  return new CliError(
    `${access === 'read' ? 'Reading' : 'Deleting in'} project "${projectId}" failed: ${message}`,
  );
}

/**
 * @template T
 * @param {Promise<T>} work
 */
const withTimeout = (work) =>
  withinDeadline(
    work,
    queryTimeoutMs,
    () => new Error(`no answer within ${queryTimeoutMs / 1000} s (timed out)`),
  );

/**
 * A firebase-admin app for the target: the emulator (no credentials) or a real project.
 * @param {import('./options.cjs').Target} target
 */
async function openApp(target) {
  if (target.kind === 'emulator') {
    await assertEmulatorAnswers(target);
    // firebase-admin finds the emulator through this variable (it needs no credentials then).
    process.env.FIRESTORE_EMULATOR_HOST = `${target.host}:${target.port}`;
  } else {
    delete process.env.FIRESTORE_EMULATOR_HOST;
  }
  return initializeApp({ projectId: target.projectId }, `submissions-${Date.now()}`);
}

/** @param {unknown} value */
const text = (value) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/**
 * @param {import('./options.cjs').Target} target
 * @param {{ since?: Date }} [filter]
 * @returns {Promise<DecodedContactRequest[]>} newest first, each with its whole history
 */
async function readSubmissions(target, { since } = {}) {
  const app = await openApp(target);
  try {
    let query = getFirestore(app).collection(collections.requests).orderBy('createdAt', 'desc');
    if (since) query = query.where('createdAt', '>=', Timestamp.fromDate(since));
    const snapshot = await withTimeout(query.get()).catch((error) => {
      throw target.kind === 'project'
        ? explain(error, target.projectId)
        : new CliError(`Reading the emulator failed: ${error.message ?? error}`);
    });
    /** @type {DecodedContactRequest[]} */
    const requests = [];
    // One at a time: a lead with entries moved out of its document reads them (rarely many).
    for (const doc of snapshot.docs) {
      const request = decodeContactRequest(doc.id, doc.data());
      if (request.historyArchived === 0) {
        requests.push(request);
        continue;
      }
      const archived = await withTimeout(doc.ref.collection(historyArchive).get());
      requests.push(
        withArchivedHistory(
          request,
          archived.docs.map((entry) => entry.data()),
        ),
      );
    }
    return requests;
  } finally {
    await deleteApp(app);
  }
}

module.exports = { readSubmissions, openApp, withTimeout, explain, text };
