// @ts-check
/**
 * The contact request: what a stored users/{id} document may hold, and the one decoder of it that
 * the staff inbox (bundled into remote-contact), `npm run submissions` (required by Node as it is)
 * and the notification function (its build compiles this file along) all use. New fields and odd
 * old documents are therefore read one way everywhere.
 *
 * Plain CommonJS with its types in JSDoc and no dependencies: it runs in the browser, in Node and
 * in the deployed function without a build step, and TypeScript importers read the types here.
 * The fields, limits and patterns are contact-schema.cjs's.
 */

const {
  contactFieldNames,
  contextFieldNames,
  statuses,
  historyFields,
} = require('./contact-schema.cjs');

/** @typedef {import('./contact-schema.cjs').ContactField} ContactField */
/** @typedef {import('./contact-schema.cjs').ContextField} ContextField */
/** @typedef {Readonly<Record<ContextField, string>>} RequestContext Where a request came from; '' for what was not stored. */
/** @typedef {(typeof statuses)[number]} RequestStatus A lead's pipeline ('answered' of older documents reads as 'replied'). */
/** @typedef {(typeof historyFields)[number]} HistoryField What a history entry records the change of. */
/**
 * One change by staff: when, who (their verified address, '' when unknown or unverified; their
 * account id, '' in entries from before it was recorded), what, and the new value.
 * @typedef {{ readonly at: Date; readonly by: string; readonly uid: string; readonly field: HistoryField; readonly to: string }} HistoryEntry
 */
/**
 * One stored request, decoded: every text a string ('' when missing), times as Dates.
 * @typedef {Readonly<Record<ContactField, string>> & {
 *   readonly id: string;
 *   readonly createdAt: Date | null;
 *   readonly status: RequestStatus;
 *   readonly changedAt: Date | null;
 *   readonly changedBy: string;
 *   readonly owner: string;
 *   readonly note: string;
 *   readonly history: readonly HistoryEntry[];
 *   readonly historyCount: number;
 *   readonly historyArchived: number;
 *   readonly rescuedAt: Date | null;
 *   readonly context: RequestContext;
 *   readonly flood: boolean;
 *   readonly spam: boolean;
 *   readonly spamReasons: readonly string[];
 *   readonly honeypot: boolean;
 *   readonly formSeconds: number | null;
 * }} DecodedContactRequest
 */

/** Statuses of older documents, read as today's. */
const legacyStatuses = /** @type {Readonly<Record<string, (typeof statuses)[number]>>} */ ({
  answered: 'replied',
});

/**
 * A stored value as text. Rules make every field a string; a document written past them (an
 * admin tool, an old version) may not, and is shown as it is rather than dropped.
 * @param {unknown} value
 * @returns {string}
 */
function text(value) {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A Firestore Timestamp of either SDK (anything with toDate()) as a Date, else null.
 * @param {unknown} value
 * @returns {Date | null}
 */
function time(value) {
  if (typeof value !== 'object' || value === null) return null;
  const toDate = /** @type {{ toDate?: unknown }} */ (value).toDate;
  if (typeof toDate !== 'function') return null;
  const date = toDate.call(value);
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * Stored history entries, decoded; odd ones (written past the rules) are left out.
 * @param {Iterable<unknown>} values
 * @returns {HistoryEntry[]}
 */
function historyEntries(values) {
  /** @type {HistoryEntry[]} */
  const entries = [];
  for (const value of values) {
    if (typeof value !== 'object' || value === null) continue;
    const entry = /** @type {Record<string, unknown>} */ (value);
    const at = time(entry.at);
    const field = historyFields.find((known) => known === entry.field);
    if (!at || !field) continue;
    const to = text(entry.to);
    entries.push({
      at,
      by: text(entry.by),
      uid: text(entry.uid),
      field,
      to: legacyStatuses[to] ?? to,
    });
  }
  return entries;
}

/** @param {Readonly<Record<string, unknown>>} fields */
const historyMapOf = (fields) =>
  typeof fields.history === 'object' && fields.history !== null && !Array.isArray(fields.history)
    ? /** @type {Record<string, unknown>} */ (fields.history)
    : {};

/**
 * The history kept in a request's document, oldest first. A document from before the history
 * existed that was answered reads as one change to "replied" by someone unknown ('').
 * @param {Readonly<Record<string, unknown>>} fields
 */
function historyOf(fields) {
  const entries = historyEntries(Object.values(historyMapOf(fields)));
  const answeredAt = time(fields.answeredAt);
  if (entries.length === 0 && answeredAt && fields.status === 'answered') {
    entries.push({ at: answeredAt, by: '', uid: '', field: 'status', to: 'replied' });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * One stored request, decoded.
 * @param {string} id
 * @param {Readonly<Record<string, unknown>> | undefined} data
 * @returns {DecodedContactRequest}
 */
function decodeContactRequest(id, data) {
  const fields = data ?? {};
  const sent = /** @type {Record<ContactField, string>} */ (
    Object.fromEntries(contactFieldNames.map((name) => [name, text(fields[name])]))
  );
  const context = /** @type {Record<ContextField, string>} */ (
    Object.fromEntries(contextFieldNames.map((name) => [name, text(fields[name])]))
  );
  const storedStatus = typeof fields.status === 'string' ? fields.status : '';
  const status =
    statuses.find((known) => known === storedStatus) ?? legacyStatuses[storedStatus] ?? 'new';
  const history = historyOf(fields);
  const held = Object.keys(historyMapOf(fields)).length;
  const historyCount =
    typeof fields.historyCount === 'number' && Number.isInteger(fields.historyCount)
      ? Math.max(fields.historyCount, held)
      : held;
  return {
    id,
    ...sent,
    /** null only while a server timestamp is on its way, or in a document written without one. */
    createdAt: time(fields.createdAt),
    status,
    /** When it was last changed by staff (the latest history entry), or null. */
    changedAt: history.at(-1)?.at ?? null,
    /** Who changed it last (a staff member's address; '' for a change of before the history). */
    changedBy: history.at(-1)?.by ?? '',
    /** The staff member who owns it (their address), or ''. */
    owner: text(fields.owner),
    /** Staff's internal note, or ''. */
    note: text(fields.note),
    /** Who changed what and when, oldest first. */
    history,
    /** How many changes were ever made (historyCount; before it was kept, the map's size). */
    historyCount,
    /** How many of them were moved out of the document, to its history subcollection. */
    historyArchived: Math.max(0, historyCount - held),
    /** Set by staff's "not spam". */
    rescuedAt: time(fields.rescuedAt),
    context,
    /** Set by the function beyond the per-address ceiling: stored, not notified. */
    flood: fields.flood === true,
    /** Judged suspected spam by the function: stored apart, not notified, purged after 30 days. */
    spam: fields.spam === true,
    /** Why (honeypot, too-fast, links, pattern), as the function stored it. */
    spamReasons: Array.isArray(fields.spamReasons)
      ? fields.spamReasons.filter(/** @returns {r is string} */ (r) => typeof r === 'string')
      : [],
    /** What the browser reported (see maxFormSeconds); null when it reported nothing. */
    honeypot: fields.honeypot === true,
    formSeconds:
      typeof fields.formSeconds === 'number' && Number.isFinite(fields.formSeconds)
        ? fields.formSeconds
        : null,
  };
}

/**
 * A decoded request with the history entries moved out of its document (the documents of its
 * history subcollection) put back in order: the whole history, for exports.
 * @param {DecodedContactRequest} request
 * @param {Iterable<unknown>} archived
 * @returns {DecodedContactRequest}
 */
function withArchivedHistory(request, archived) {
  const history = [...historyEntries(archived), ...request.history].sort(
    (a, b) => a.at.getTime() - b.at.getTime(),
  );
  return { ...request, history };
}

module.exports = { decodeContactRequest, withArchivedHistory };
