import { createHash } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { decodeContactRequest } from '../../platform/contact-request/contact-request.cjs';
import { collections as shared } from '../../platform/contact-request/contact-schema.cjs';
import { slackPostDeadlineMs } from '../../platform/deadlines.cjs';
import { forMessages, type ContactRequest } from './contact-request';
import { mailFor } from './mail-message';
import { slackMessageFor } from './slack-message';
import { judgeSpam, type SpamReason } from './spam-score';
import {
  queueAutoreply,
  type AutoreplyConfig,
  type AutoreplyResult,
} from './autoreply/queue-autoreply';

export interface NotifyConfig {
  /** Where requests are mailed: the studio's inbox. */
  readonly inbox: string;
  /** A Slack incoming webhook, or null for no Slack. */
  readonly slackWebhookUrl: string | null;
  /** Requests from one address per clock hour that are notified; later ones are flagged. */
  readonly maxPerEmailPerHour: number;
  /** The sender's confirmation mail. */
  readonly autoreply: AutoreplyConfig;
}

export interface NotifyResult {
  readonly mail: 'queued' | 'already-queued' | 'flood' | 'spam';
  readonly slack: 'posted' | 'already-posted' | 'not-configured' | 'flood' | 'spam' | 'refused';
  /** The sender's confirmation (only for a request notified when it arrived). */
  readonly autoreply?: AutoreplyResult;
  /** For suspected spam: why. */
  readonly reasons?: readonly SpamReason[];
}

/** Requests are kept this long (a TTL policy on expireAt deletes them). */
const retentionMonths = 24;
/** Suspected spam is kept this long for staff to rescue, then the same TTL policy deletes it. */
const spamRetentionDays = 30;
const collections = {
  requests: shared.requests,
  mail: shared.mail,
  /** One document per address and hour: which requests were notified. */
  limits: 'notifyLimits',
  /** One document per request whose Slack post was started: never posted twice. */
  slackPosts: 'notifySlackPosts',
} as const;

const alreadyExists = 6;
const notFound = 5;
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * Whether this request is within the per-address ceiling. Counted by request id, so a retried
 * event counts once; the hour is the request's own, so a retry lands in the same window.
 */
async function withinCeiling(
  db: Firestore,
  id: string,
  email: string,
  createdAt: Date,
  max: number,
): Promise<boolean> {
  const hour = createdAt.toISOString().slice(0, 13);
  const key = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  const ref = db.collection(collections.limits).doc(`${key}-${hour}`);
  const expireAt = Timestamp.fromMillis(createdAt.getTime() + 2 * 24 * 3_600_000);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const ids: unknown = snapshot.get('ids');
    const counted = Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
    if (counted.includes(id)) return true;
    if (counted.length >= max) {
      tx.set(ref, { over: FieldValue.increment(1), expireAt }, { merge: true });
      return false;
    }
    tx.set(ref, { ids: [...counted, id], expireAt }, { merge: true });
    return true;
  });
}

/** Creates `path` unless it exists; false when it did (an earlier delivery of the event). */
async function createOnce(db: Firestore, path: string, data: DocumentData): Promise<boolean> {
  try {
    await db.doc(path).create(data);
    return true;
  } catch (error) {
    if (codeOf(error) === alreadyExists) return false;
    throw error;
  }
}

async function postToSlack(
  db: Firestore,
  id: string,
  url: string,
  body: { text: string },
): Promise<NotifyResult['slack']> {
  const marker = `${collections.slackPosts}/${id}`;
  if (!(await createOnce(db, marker, { startedAt: FieldValue.serverTimestamp() }))) {
    return 'already-posted';
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(slackPostDeadlineMs),
    });
  } catch (error) {
    // Not delivered: let the retried event try again.
    await db.doc(marker).delete();
    throw error;
  }
  if (response.status >= 500 || response.status === 429) {
    await db.doc(marker).delete();
    throw new Error(`Slack answered ${response.status}; the event will be retried`);
  }
  // A 4xx (a revoked or wrong webhook) will not heal by retrying: keep the marker, report it.
  return response.ok ? 'posted' : 'refused';
}

/**
 * Notifies the studio of one new contact request: one mail document (its id is the request's,
 * and create() refuses a second), one Slack post when a webhook is configured (guarded by a
 * marker document created before posting), and the request's expireAt for the retention policy.
 * Safe to run twice for the same request; a request with odd content still notifies.
 */
export async function notifyRequest(
  db: Firestore,
  event: { readonly id: string; readonly data: DocumentData | undefined; readonly time: Date },
  config: NotifyConfig,
): Promise<NotifyResult> {
  // Decoded once: the spam judge reads it as stored, the messages neutralised.
  const decoded = decodeContactRequest(event.id, event.data);
  const request = forMessages(decoded, event.time);
  const requestRef = db.collection(collections.requests).doc(event.id);
  // Judged first: suspected spam is neither notified nor counted against the sender's ceiling.
  const verdict = judgeSpam(decoded);
  if (verdict.spam) {
    const spamExpireAt = Timestamp.fromMillis(
      request.createdAt.getTime() + spamRetentionDays * 24 * 3_600_000,
    );
    await updateIfStored(requestRef, {
      spam: true,
      spamScore: verdict.score,
      spamReasons: verdict.reasons,
      expireAt: spamExpireAt,
    });
    return { mail: 'spam', slack: 'spam', reasons: verdict.reasons };
  }
  const expireAt = Timestamp.fromDate(addMonths(request.createdAt, retentionMonths));
  const allowed = await withinCeiling(
    db,
    event.id,
    request.email,
    request.createdAt,
    config.maxPerEmailPerHour,
  );
  await updateIfStored(requestRef, allowed ? { expireAt } : { expireAt, flood: true });
  if (!allowed) return { mail: 'flood', slack: 'flood' };
  const notified = await deliver(db, request, config);
  // After the studio's mail: a failure here retries the event, which finds that one queued.
  const autoreply = await queueAutoreply(db, request, config.autoreply, config.inbox);
  return { ...notified, autoreply };
}

/** Updates a request unless it is gone already (a quick "forget me": nothing left to keep). */
async function updateIfStored(ref: DocumentReference, data: DocumentData) {
  try {
    await ref.update(data);
  } catch (error) {
    if (codeOf(error) !== notFound) throw error;
  }
}

/**
 * The mail and the Slack post of a request, each at most once per request (the mail document's
 * id is the request's; the Slack marker likewise), however often this runs.
 */
async function deliver(
  db: Firestore,
  request: ContactRequest,
  config: NotifyConfig,
): Promise<NotifyResult> {
  const queued = await createOnce(
    db,
    `${collections.mail}/${request.id}`,
    mailFor(request, config.inbox) as unknown as DocumentData,
  );
  const slack = config.slackWebhookUrl
    ? await postToSlack(db, request.id, config.slackWebhookUrl, slackMessageFor(request))
    : 'not-configured';
  return { mail: queued ? 'queued' : 'already-queued', slack };
}

/**
 * Staff marked a suspected spam request "not spam" (spam went from true to false): it is now
 * notified like any request (once: the mail and the Slack post are per request, and spam never
 * had either), and kept for the normal retention. Any other change notifies nothing: null.
 * The sender gets no confirmation then: days may have passed, and the staff member who rescued
 * it is about to answer in person.
 */
export async function notifyRescued(
  db: Firestore,
  event: {
    readonly id: string;
    readonly before: DocumentData | undefined;
    readonly after: DocumentData | undefined;
    readonly time: Date;
  },
  config: NotifyConfig,
): Promise<NotifyResult | null> {
  if (event.before?.spam !== true || event.after?.spam !== false) return null;
  const request = forMessages(decodeContactRequest(event.id, event.after), event.time);
  const expireAt = Timestamp.fromDate(addMonths(request.createdAt, retentionMonths));
  await updateIfStored(db.collection(collections.requests).doc(event.id), { expireAt });
  return deliver(db, request, config);
}
