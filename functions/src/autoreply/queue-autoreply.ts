import { createHash } from 'node:crypto';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { collections as shared } from '../../../platform/contact-request/contact-schema.cjs';
import { replyAddress, type ContactRequest } from '../contact-request';
import { autoreplyMail } from './autoreply-mail';
import { senderName } from './sender-name';

export interface AutoreplyConfig {
  /** Off unless a sender is configured, or switched on explicitly (see index.ts). */
  readonly enabled: boolean;
  /** The From of the confirmation, e.g. "First Day Studio <hello@firstday.studio>"; null: the extension's default. */
  readonly from: string | null;
  /** Confirmations per sender address and (UTC) day. */
  readonly maxPerAddressPerDay: number;
  /** Confirmations per client (the visitor's anonymous Auth user) and hour. */
  readonly maxPerClientPerHour: number;
}

export type AutoreplyResult =
  | 'queued'
  | 'already-queued'
  | 'off'
  | 'no-address'
  | 'unknown-client'
  | 'address-ceiling'
  | 'client-ceiling';

const collections = {
  mail: shared.mail,
  clients: shared.clients,
  limits: 'autoreplyLimits',
} as const;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** Ids counted in a ceiling document. */
const idsIn = (data: DocumentData | undefined): string[] => {
  const ids: unknown = data?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
};

/**
 * The client (anonymous Auth user) that sent the request: the rules make every create of a
 * request write clients/{uid} naming it in the same commit. A client that has sent another
 * request since (a minute later at the earliest) no longer names this one; then the client is
 * unknown and no confirmation goes out (fail closed: the ceiling cannot be checked).
 */
async function clientOf(db: Firestore, requestId: string): Promise<string | null> {
  const found = await db
    .collection(collections.clients)
    .where('request', '==', requestId)
    .limit(1)
    .get();
  return found.docs[0]?.id ?? null;
}

/**
 * Queues the sender's confirmation in the Trigger Email collection, at most once per request:
 * the mail document's id is derived from the request's, and it is created in the same
 * transaction that counts it against the per-address (per day) and per-client (per hour)
 * ceilings, so a retried or concurrent run either finds it queued or counts nothing. Windows
 * are those of the request's createdAt, so a retry lands in the same one.
 */
export async function queueAutoreply(
  db: Firestore,
  request: ContactRequest,
  config: AutoreplyConfig,
  inbox: string,
): Promise<AutoreplyResult> {
  if (!config.enabled) return 'off';
  const to = replyAddress(request.email);
  if (!to) return 'no-address';
  const client = await clientOf(db, request.id);
  if (!client) return 'unknown-client';

  const iso = request.createdAt.toISOString();
  const mailRef = db.collection(collections.mail).doc(`autoreply-${request.id}`);
  const addressRef = db
    .collection(collections.limits)
    .doc(`address-${hashOf(to.toLowerCase())}-${iso.slice(0, 10)}`);
  const clientRef = db
    .collection(collections.limits)
    .doc(`client-${hashOf(client)}-${iso.slice(0, 13)}`);
  // Ceiling documents outlive their window by a day, then the TTL policy on expireAt drops them.
  const expireAt = Timestamp.fromMillis(request.createdAt.getTime() + 2 * 24 * 3_600_000);
  const mail = autoreplyMail(to, senderName(request.name), { from: config.from, inbox });

  return db.runTransaction(async (tx) => {
    const [queued, address, byClient] = await tx.getAll(mailRef, addressRef, clientRef);
    if (queued?.exists) return 'already-queued';
    const addressIds = idsIn(address?.data());
    const clientIds = idsIn(byClient?.data());
    if (addressIds.length >= config.maxPerAddressPerDay) return 'address-ceiling';
    if (clientIds.length >= config.maxPerClientPerHour) return 'client-ceiling';
    tx.create(mailRef, mail);
    tx.set(addressRef, { ids: [...addressIds, request.id], expireAt });
    tx.set(clientRef, { ids: [...clientIds, request.id], expireAt });
    return 'queued';
  });
}
