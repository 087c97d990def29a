// The API of contact-request.cjs for TypeScript importers (the function, the inbox, and the
// shell, which type-checks the inbox without reading JavaScript sources).

export type ContextField =
  | 'page'
  | 'referrer'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'utmTerm'
  | 'utmContent'
  | 'language';

/** Where a request came from; '' for what was not stored. */
export type RequestContext = Readonly<Record<ContextField, string>>;

/** A lead's pipeline ('answered' of older documents reads as 'replied'). */
export type RequestStatus = 'new' | 'replied' | 'in-talks' | 'won' | 'lost';

/** What a history entry records the change of. */
export type HistoryField = 'status' | 'owner' | 'note' | 'spam';

/** One change by staff: when, who (their address; '' when unknown), what, and the new value. */
export interface HistoryEntry {
  readonly at: Date;
  readonly by: string;
  readonly field: HistoryField;
  readonly to: string;
}

/** One stored request, decoded: every text a string ('' when missing), times as Dates. */
export interface DecodedContactRequest {
  readonly id: string;
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly company: string;
  readonly message: string;
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

export declare const contextFields: Readonly<
  Record<ContextField, { readonly max: number; readonly pattern: string }>
>;
export declare const contextFieldNames: ReadonlyArray<ContextField>;
export declare const utmParameters: Readonly<
  Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent', string>
>;
/** The largest formSeconds the rules accept (a day). */
export declare const maxFormSeconds: number;
export declare const statuses: ReadonlyArray<RequestStatus>;
/** The longest note (UTF-16 units) and the most history entries the rules accept. */
export declare const leadLimits: { readonly note: number; readonly history: number };
/** The key of the history entry that follows `count` entries: c1000, c1001, … */
export declare function historyKey(count: number): string;
export declare const historyFields: ReadonlyArray<HistoryField>;
export declare function decodeContactRequest(
  id: string,
  data: Readonly<Record<string, unknown>> | undefined,
): DecodedContactRequest;
