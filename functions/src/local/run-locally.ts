import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { notifyContactRequest, notifyRescuedRequest } from '../index';
import { deliveryQueue } from './delivery-queue';
import { logNewMail } from './mail-log';
import { watchRequests } from './watch-requests';

/**
 * The notification function on the local stack (`npm start` runs this file's build as a
 * supervised process): the Functions emulator cannot wire Firestore triggers to a Firestore
 * emulator it did not start, so a listener on the emulator delivers the triggers' events to
 * their handlers, the deployed code itself. Settings come from the environment as in a
 * deployment (STUDIO_INBOX, AUTOREPLY…, FIRESTORE_EMULATOR_HOST, GCLOUD_PROJECT).
 */

const project = process.env.GCLOUD_PROJECT;
if (!process.env.FIRESTORE_EMULATOR_HOST || !project) {
  // Never against a real project: this runner is for the emulator only.
  console.error('Set FIRESTORE_EMULATOR_HOST and GCLOUD_PROJECT (the local emulator and project)');
  process.exit(1);
}

const db = getFirestore(initializeApp({ projectId: project }));
const queue = deliveryQueue({
  concurrency: 4,
  // A deployed function's default timeout.
  attemptDeadlineMs: 60_000,
  attempts: 5,
  firstRetryMs: 1_000,
  report: (line) => console.error(line),
});

const stopped = (error: Error) => {
  console.error(`Listening to the emulator stopped: ${error.message}`);
  process.exit(1);
};

async function main() {
  const stopMailLog = await logNewMail({
    db,
    print: (line) => console.log(line),
    onError: stopped,
  });
  const stopRequests = await watchRequests({
    db,
    project: project!,
    triggers: { created: notifyContactRequest.run, updated: notifyRescuedRequest.run },
    deliver: (delivery) => queue.add(delivery),
    onError: stopped,
  });
  console.log(
    `Watching users/ in the emulator at ${process.env.FIRESTORE_EMULATOR_HOST}: notifyContactRequest, notifyRescuedRequest`,
  );
  process.once('SIGTERM', () => {
    stopRequests();
    stopMailLog();
    void queue.stop(5_000).then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
