import type { DocumentSnapshot, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { Change, type FirestoreEvent } from 'firebase-functions/v2/firestore';

/**
 * The events Eventarc would deliver to the Firestore triggers, built from what a listener on the
 * emulator sees: the same shape the deployed function receives, so its handler runs unchanged.
 */

type Params = { id: string };

function envelope(project: string, snapshot: DocumentSnapshot, kind: 'created' | 'updated') {
  const document = snapshot.ref.path;
  const changed = kind === 'created' ? snapshot.createTime : snapshot.updateTime;
  const time = changed ? changed.toDate() : new Date();
  return {
    specversion: '1.0' as const,
    id: `${document}@${time.getTime()}:${kind}`,
    source: `//firestore.googleapis.com/projects/${project}/databases/(default)`,
    type: `google.cloud.firestore.document.v1.${kind}`,
    time: time.toISOString(),
    location: 'local',
    project,
    database: '(default)',
    namespace: '(default)',
    document,
    params: { id: snapshot.id },
  };
}

export function createdEvent(
  project: string,
  snapshot: QueryDocumentSnapshot,
): FirestoreEvent<QueryDocumentSnapshot, Params> {
  return { ...envelope(project, snapshot, 'created'), data: snapshot };
}

export function updatedEvent(
  project: string,
  before: QueryDocumentSnapshot,
  after: QueryDocumentSnapshot,
): FirestoreEvent<Change<QueryDocumentSnapshot>, Params> {
  return { ...envelope(project, after, 'updated'), data: new Change(before, after) };
}
