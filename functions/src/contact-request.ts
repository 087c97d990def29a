import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { neutralise } from './escape';

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
// version) may not. Odd content is shown as it is rather than dropped: the studio still hears,
// with control and bidi characters neutralised (every output is built from these values).
function text(value: unknown): string {
  return neutralise(raw(value));
}

function raw(value: unknown): string {
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

/**
 * The form's email pattern (contactPatterns.email in remote-contact's contact-limits.ts), copied
 * because this package is deployed on its own; the rules tests check the two are equal. Its
 * local part has no character that could carry a header or parameter.
 */
export const replyAddressPattern =
  '[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+';

const replyAddressRegex = new RegExp(`^(?:${replyAddressPattern})$`);

/**
 * An address safe to put in a Reply-To header: one the form would accept today (one mailbox, no
 * display name, nothing but letters, digits and . _ + - before the @). Older stored data that
 * does not match gets no Reply-To; the address still shows in the mail's body.
 */
export function replyAddress(email: string): string | undefined {
  return email.length <= 254 && replyAddressRegex.test(email) ? email : undefined;
}
