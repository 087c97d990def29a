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

export type RequestStatus = 'new' | 'answered';

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
  readonly answeredAt: Date | null;
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
export declare function decodeContactRequest(
  id: string,
  data: Readonly<Record<string, unknown>> | undefined,
): DecodedContactRequest;
