import type { DocumentData } from 'firebase-admin/firestore';
import {
  decodeContactRequest,
  type RequestContext,
} from '../../platform/contact-request/contact-request.cjs';
import { contactFields } from '../../platform/contact-request/contact-schema.cjs';
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
  readonly context: RequestContext;
}

/**
 * The shared decoder's reading, with control and bidi characters neutralised: every mail and
 * Slack post is built from these values, and older data may hold such characters.
 */
export function readContactRequest(
  id: string,
  data: DocumentData | undefined,
  receivedAt: Date,
): ContactRequest {
  const request = decodeContactRequest(id, data);
  const context = Object.fromEntries(
    Object.entries(request.context).map(([key, value]) => [key, neutralise(value)]),
  ) as Record<keyof RequestContext, string>;
  return {
    id,
    name: neutralise(request.name),
    phone: neutralise(request.phone),
    email: neutralise(request.email),
    company: neutralise(request.company),
    message: neutralise(request.message),
    createdAt: request.createdAt ?? receivedAt,
    context,
  };
}

/**
 * The form's email field (the contact schema's, compiled along into this package's dist): its
 * local part has no character that could carry a header or parameter.
 */
const { max: replyAddressMax, pattern: replyAddressPattern } = contactFields.email;

const replyAddressRegex = new RegExp(`^(?:${replyAddressPattern})$`);

/**
 * An address safe to put in a Reply-To header: one the form would accept today (one mailbox, no
 * display name, nothing but letters, digits and . _ + - before the @). Older stored data that
 * does not match gets no Reply-To; the address still shows in the mail's body.
 */
export function replyAddress(email: string): string | undefined {
  return email.length <= replyAddressMax && replyAddressRegex.test(email) ? email : undefined;
}
