import type { RequestStatus } from 'remote-shared/content';
import type { ContactSubmission } from '../firestore/contact-submission';

/** One contact request as the inbox shows it: the five stored fields, and its state. */
export interface InboxRequest extends ContactSubmission {
  readonly id: string;
  /** null only for a moment, while a server timestamp is on its way. */
  readonly createdAt: Date | null;
  /** A request without a status is new. */
  readonly status: RequestStatus;
  readonly answeredAt: Date | null;
}

/** Anything with toDate(), as Firestore's Timestamp. */
interface TimestampLike {
  toDate(): Date;
}

const isTimestamp = (value: unknown): value is TimestampLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { toDate?: unknown }).toDate === 'function';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A stored document as a request. Documents are read as they are (the Admin SDK can write
 * anything), so an odd field becomes empty rather than breaking the list.
 */
export function toInboxRequest(id: string, data: Readonly<Record<string, unknown>>): InboxRequest {
  return {
    id,
    name: text(data.name),
    phone: text(data.phone),
    email: text(data.email),
    company: text(data.company),
    message: text(data.message),
    createdAt: isTimestamp(data.createdAt) ? data.createdAt.toDate() : null,
    status: data.status === 'answered' ? 'answered' : 'new',
    answeredAt: isTimestamp(data.answeredAt) ? data.answeredAt.toDate() : null,
  };
}
