import type {
  DecodedContactRequest,
  RequestContext,
} from '../../platform/contact-request/contact-request.cjs';
import { contactFields } from '../../platform/contact-request/contact-schema.cjs';
import {
  contactValuesOf,
  type ContactValues,
} from '../../platform/contact-request/contact-values.cjs';
import { neutralise } from './escape';

/** A stored contact request as the notification reads it, whatever the document holds. */
export type ContactRequest = Readonly<ContactValues> & {
  readonly id: string;
  readonly createdAt: Date;
  readonly context: RequestContext;
};

/**
 * The decoded request with control and bidi characters neutralised in what the visitor sent:
 * every mail and Slack post is built from these values, and older data may hold such characters.
 */
export function forMessages(request: DecodedContactRequest, receivedAt: Date): ContactRequest {
  const context = Object.fromEntries(
    Object.entries(request.context).map(([key, value]) => [key, neutralise(value)]),
  ) as Record<keyof RequestContext, string>;
  return {
    id: request.id,
    ...contactValuesOf(request, neutralise),
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
