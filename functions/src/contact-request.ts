import { Timestamp, type DocumentData } from 'firebase-admin/firestore';

/** A stored contact request as the notification reads it, whatever the document holds. */
export interface ContactRequest {
  readonly id: string;
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly company: string;
  readonly message: string;
  readonly createdAt: Date;
}

// Rules make every field a string; a document written past them (an admin tool, an old
// version) may not. Odd content is shown as it is rather than dropped: the studio still hears.
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function readContactRequest(
  id: string,
  data: DocumentData | undefined,
  receivedAt: Date,
): ContactRequest {
  const fields = data ?? {};
  const createdAt = fields.createdAt instanceof Timestamp ? fields.createdAt.toDate() : receivedAt;
  return {
    id,
    name: text(fields.name),
    phone: text(fields.phone),
    email: text(fields.email),
    company: text(fields.company),
    message: text(fields.message),
    createdAt,
  };
}

/** An address safe to put in a Reply-To header (one mailbox, no display name, no line breaks). */
export function replyAddress(email: string): string | undefined {
  return /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/.test(email) &&
    email.length <= 254
    ? email
    : undefined;
}
