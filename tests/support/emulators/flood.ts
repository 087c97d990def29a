import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { newDocumentId } from '../../../remote-contact/src/firebase/document-id';
import { authEmulatorAddress, clearEmulator, emulatorAddress } from './firestore';
import { collections } from '../../../platform/contact-request/contact-schema.cjs';

/**
 * One client flooding the contact collection as an attacker would: straight to Firestore's REST
 * API (no SDK, no form), with one anonymous identity, as fast as it can, for `seconds`. Four
 * attacks run side by side, each with several commits in flight:
 * - single: one request and the client's record per commit (what the writer sends);
 * - batch: 50 requests and the record (naming one of them) per commit;
 * - bare: one request without the record (what stored ~2,100 a minute before the ceiling);
 * - bare batch: 50 requests, no record (what stored 2,000 in one commit before).
 * The figures say how many commits each tried and had accepted, and how many requests the
 * collection holds at the end.
 */
const batchSize = 50;
const inFlight = 4;

type Attack = 'single' | 'batch' | 'bare' | 'bareBatch';
const attacks: readonly Attack[] = ['single', 'batch', 'bare', 'bareBatch'];

export interface FloodFigures {
  readonly seconds: number;
  /** Commits sent and accepted, per attack. */
  readonly commits: Readonly<Record<Attack, { readonly sent: number; readonly accepted: number }>>;
  /** Requests the collection holds at the end (all from this one client). */
  readonly stored: number;
}

const value = (text: string) => ({ stringValue: text });

async function anonymousToken(): Promise<{ idToken: string; uid: string }> {
  const { host, port } = authEmulatorAddress();
  const response = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Anonymous sign-up failed: ${response.status}`);
  const body = (await response.json()) as { idToken: string; localId: string };
  return { idToken: body.idToken, uid: body.localId };
}

/**
 * Runs the flood against the tests' emulators, in `projectId` (cleared first), for `seconds`
 * and until each attack has sent `minimumCommits`: a busy machine makes the run longer, never
 * thinner.
 */
export async function runFlood(
  projectId: string,
  { seconds, minimumCommits }: { seconds: number; minimumCommits: number },
): Promise<FloodFigures> {
  await clearEmulator(projectId);
  const { host, port } = emulatorAddress();
  const { idToken, uid } = await anonymousToken();
  const root = `projects/${projectId}/databases/(default)/documents`;
  const commitUrl = `http://${host}:${port}/v1/${root}:commit`;

  const request = (id: string, index: number) => ({
    update: {
      name: `${root}/users/${id}`,
      fields: {
        name: value(`Flood ${index}`),
        phone: value(String(10_000_000 + index)),
        email: value(`flood-${index}@example.com`),
        company: value('Flood Ltd'),
        message: value(`Request number ${index}`),
      },
    },
    updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
  });
  const record = (id: string) => ({
    update: { name: `${root}/clients/${uid}`, fields: { request: value(id) } },
    updateTransforms: [{ fieldPath: 'last', setToServerValue: 'REQUEST_TIME' }],
  });

  let counter = 0;
  function writesFor(attack: Attack): unknown[] {
    const ids = Array.from({ length: attack.endsWith('atch') ? batchSize : 1 }, () =>
      newDocumentId(),
    );
    const creates = ids.map((id) => request(id, ++counter));
    return attack === 'single' || attack === 'batch' ? [...creates, record(ids[0]!)] : creates;
  }

  const commits = Object.fromEntries(
    attacks.map((attack) => [attack, { sent: 0, accepted: 0 }]),
  ) as Record<Attack, { sent: number; accepted: number }>;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    attacks.flatMap((attack) =>
      Array.from({ length: inFlight }, async () => {
        while (Date.now() < deadline || commits[attack].sent < minimumCommits) {
          commits[attack].sent += 1;
          const response = await fetch(commitUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
            body: JSON.stringify({ writes: writesFor(attack) }),
          });
          await response.arrayBuffer();
          if (response.ok) commits[attack].accepted += 1;
        }
      }),
    ),
  );
  const elapsed = (Date.now() - started) / 1000;

  const admin = initializeApp({ projectId }, `flood-${projectId}-${Date.now()}`);
  try {
    const stored = (await getFirestore(admin).collection(collections.requests).count().get()).data()
      .count;
    return { seconds: elapsed, commits, stored };
  } finally {
    await deleteApp(admin);
  }
}
