import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { decodeContactRequest } from '../../platform/contact-request/contact-request.cjs';
import { collections, historyKey } from '../../platform/contact-request/contact-schema.cjs';
import { forMessages, replyAddress } from './contact-request';
import { escapeHtml, oneLine } from './escape';
import type { MailDocument } from './mail-message';

const alreadyExists = 6;

/** The newest history entry of a lead, as the rules let staff write it; null when unreadable. */
function newestEntry(data: DocumentData): { by: string; field: string; to: string } | null {
  const count = data.historyCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  const history = data.history as Record<string, unknown> | undefined;
  const entry = history?.[historyKey(count - 1)] as Record<string, unknown> | undefined;
  if (!entry) return null;
  const { by, field, to } = entry;
  return typeof by === 'string' && typeof field === 'string' && typeof to === 'string'
    ? { by, field, to }
    : null;
}

/** The mail to a staff member given a lead: who gave it, whose request, and where to find it. */
function assignedMailFor(
  request: ReturnType<typeof forMessages>,
  owner: string,
  by: string,
): MailDocument {
  const who = request.name || request.email;
  const subject = oneLine(
    `A project request was given to you: ${who}${request.company ? ` (${request.company})` : ''}`,
    200,
  );
  const link = `/staff?request=${encodeURIComponent(request.id)}`;
  const text = [
    `${by} gave you the project request from ${who}${request.company ? ` (${request.company})` : ''}.`,
    '',
    `Open it in the staff inbox: ${link}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(by)} gave you the project request from ${escapeHtml(who)}${request.company ? ` (${escapeHtml(request.company)})` : ''}.</p>`,
    `<p>Open it in the staff inbox: ${escapeHtml(link)}</p>`,
  ].join('\n');
  return { to: owner, message: { subject, text, html } };
}

/**
 * A lead given to a staff member by someone else (its owner changed, and the change's history
 * entry names another account): a mail to the new owner, queued once per change
 * (mail/{id}-assigned-{entry key}: a retried event queues nothing more). A lead taken by its
 * owner, given to nobody, or any other change mails nothing: null.
 */
export async function notifyAssigned(
  db: Firestore,
  event: {
    readonly id: string;
    readonly before: DocumentData | undefined;
    readonly after: DocumentData | undefined;
    readonly time: Date;
  },
): Promise<'queued' | 'already-queued' | null> {
  const { before, after } = event;
  if (!before || !after) return null;
  const owner = after.owner;
  if (typeof owner !== 'string' || owner === '' || owner === before.owner) return null;
  const entry = newestEntry(after);
  if (!entry || entry.field !== 'owner' || entry.to !== owner || entry.by === owner) return null;
  // Only an address a mail can safely go to (the rules let only roster addresses own a lead).
  if (!replyAddress(owner)) return null;
  const request = forMessages(decodeContactRequest(event.id, after), event.time);
  const key = historyKey(after.historyCount - 1);
  try {
    await db
      .doc(`${collections.mail}/${event.id}-assigned-${key}`)
      .create(
        assignedMailFor(request, owner, entry.by || 'A staff member') as unknown as DocumentData,
      );
    return 'queued';
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
    if (code === alreadyExists) return 'already-queued';
    throw error;
  }
}
