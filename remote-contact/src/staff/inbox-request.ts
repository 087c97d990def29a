import {
  decodeContactRequest,
  type DecodedContactRequest,
} from '../../../platform/contact-request/contact-request.cjs';

/** One contact request as the inbox shows it: the shared decoder's reading of the document. */
export type InboxRequest = DecodedContactRequest;

/**
 * A stored document as a request, read the way the CLI and the notification function read it
 * (the Admin SDK can write anything: odd values are shown as they are, never break the list).
 */
export function toInboxRequest(id: string, data: Readonly<Record<string, unknown>>): InboxRequest {
  return decodeContactRequest(id, data);
}
