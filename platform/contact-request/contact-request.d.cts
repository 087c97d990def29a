// The API of contact-request.cjs for TypeScript importers (the function, the inbox, and the
// shell, which type-checks the inbox without reading JavaScript sources).

import type * as schema from './contact-schema.cjs';

// The fields and statuses are the schema's (contact-schema.cjs); these name them for importers.
export type ContactField = schema.ContactField;
export type ContextField = schema.ContextField;

/** Where a request came from; '' for what was not stored. */
export type RequestContext = Readonly<Record<ContextField, string>>;

/** A lead's pipeline ('answered' of older documents reads as 'replied'). */
export type RequestStatus = (typeof schema.statuses)[number];

/** What a history entry records the change of. */
export type HistoryField = (typeof schema.historyFields)[number];

/** One change by staff: when, who (their address; '' when unknown), what, and the new value. */
export interface HistoryEntry {
  readonly at: Date;
  readonly by: string;
  readonly field: HistoryField;
  readonly to: string;
}

/** One stored request, decoded: every text a string ('' when missing), times as Dates. */
export interface DecodedContactRequest extends Readonly<Record<ContactField, string>> {
  readonly id: string;
  /** null only while a server timestamp is on its way, or in a document written without one. */
  readonly createdAt: Date | null;
  readonly status: RequestStatus;
  /** When staff last changed it (the latest history entry), or null. */
  readonly changedAt: Date | null;
  /** Who changed it last; '' when unknown. */
  readonly changedBy: string;
  /** The staff member who owns it (their address), or ''. */
  readonly owner: string;
  /** Staff's internal note, or ''. */
  readonly note: string;
  /** Who changed what and when, oldest first. */
  readonly history: readonly HistoryEntry[];
  /** How many entries the stored history holds: the next change's key is historyKey(this). */
  readonly historyCount: number;
  /** When staff marked it "not spam", or null. */
  readonly rescuedAt: Date | null;
  readonly context: RequestContext;
  /** Set by the function beyond the per-address ceiling: stored, not notified. */
  readonly flood: boolean;
  /** Judged suspected spam by the function: stored apart, not notified, purged after 30 days. */
  readonly spam: boolean;
  /** Why: honeypot, too-fast, links, pattern. */
  readonly spamReasons: readonly string[];
  /** What the browser reported: the hidden field filled, seconds from first keystroke to send. */
  readonly honeypot: boolean;
  readonly formSeconds: number | null;
}

export {
  contextFields,
  contextFieldNames,
  maxFormSeconds,
  statuses,
  leadLimits,
  historyKey,
  historyFields,
} from './contact-schema.cjs';
export declare const utmParameters: Readonly<
  Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent', string>
>;
export declare function decodeContactRequest(
  id: string,
  data: Readonly<Record<string, unknown>> | undefined,
): DecodedContactRequest;
