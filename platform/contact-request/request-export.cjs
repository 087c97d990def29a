// @ts-check
/**
 * Contact requests as files for staff: spreadsheet-safe CSV and exact JSON. One definition for
 * the inbox's downloads (bundled into remote-contact) and `npm run submissions` (required by
 * Node as it is), so both always write the same format. Plain CommonJS with JSDoc types: it
 * runs in the browser and in Node without a build step, and depends on nothing.
 */

/**
 * One request as exported: every value a string, times in ISO 8601 (UTC), '' for what a request
 * does not have. The keys are the columns, in order.
 * @typedef {Record<(typeof columns)[number], string>} ExportRow
 */

/** @typedef {import('./contact-request.cjs').DecodedContactRequest} DecodedContactRequest */

const { contactFieldNames, contextFieldNames } = require('./contact-schema.cjs');

/** The columns, in order: the visitor's fields and where they came from are the schema's. */
const columns = /** @type {const} */ ([
  'createdAt',
  ...contactFieldNames,
  'status',
  'owner',
  'note',
  'changedAt',
  'changedBy',
  'history',
  'spam',
  ...contextFieldNames,
  'id',
]);

/**
 * The row of one decoded request (the shared decoder's reading): the inbox and the CLI both
 * export through this, so their files are identical for the same data.
 * @param {DecodedContactRequest} request
 * @returns {ExportRow}
 */
function toExportRow(request) {
  return {
    createdAt: request.createdAt?.toISOString() ?? '',
    .../** @type {Record<import('./contact-schema.cjs').ContactField, string>} */ (
      Object.fromEntries(contactFieldNames.map((field) => [field, request[field]]))
    ),
    status: request.status,
    owner: request.owner,
    note: request.note,
    changedAt: request.changedAt?.toISOString() ?? '',
    changedBy: request.changedBy,
    // One line per change, oldest first, the new value quoted (a note may span lines):
    // 2026-11-24T09:00:00.000Z ada@firstday.studio status "won"
    history: request.history
      .map(
        (entry) =>
          `${entry.at.toISOString()} ${entry.by || '?'} ${entry.field} ${JSON.stringify(entry.to)}`,
      )
      .join('\n'),
    // "suspected" when the notification function judged it spam (kept apart, not notified).
    spam: request.spam ? 'suspected' : '',
    ...request.context,
    id: request.id,
  };
}

/**
 * One request as exported to JSON: the CSV's columns in the same order, with the values a
 * program wants rather than text: the history as an array of entries (ISO times), spam as a
 * boolean with its reasons.
 * @param {DecodedContactRequest} request
 */
function toJsonRecord(request) {
  const row = toExportRow(request);
  return {
    ...row,
    history: request.history.map((entry) => ({
      at: entry.at.toISOString(),
      by: entry.by,
      uid: entry.uid,
      field: entry.field,
      to: entry.to,
    })),
    spam: request.spam,
    spamReasons: request.spamReasons,
  };
}

/** @typedef {ReturnType<typeof toJsonRecord>} JsonRecord */

/**
 * Spreadsheets run a cell that begins with = + - @ (or a tab or CR, which some strip first) as
 * a formula: CSV injection. Some also skip leading spaces before looking, so " =1+1" counts too.
 * A leading single quote makes the cell plain text in Excel, Google Sheets and LibreOffice; the
 * value is otherwise kept whole.
 * @param {string} value
 */
function neutralise(value) {
  return /^[\t\r]|^[\s\u200b]*[=+\-@]/.test(value) ? `'${value}` : value;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Control characters never reach the staff's terminal or file: C0 controls (NUL, ESC, …), DEL,
 * C1 controls and bidi overrides become U+FFFD. Tab and line breaks are kept (CSV quotes a cell
 * that holds them, and they are plain text in every spreadsheet), except a lone CR, which a
 * terminal would use to overwrite the line: it becomes a line feed.
 * @param {string} value
 */
function withoutControls(value) {
  return value.replace(/\r(?!\n)/g, '\n').replace(controls, '\ufffd');
}

/** @param {string} value */
const csvCell = (value) => neutralise(withoutControls(value));

/**
 * RFC 4180: a field with a comma, quote or line break is quoted and its quotes doubled.
 * @param {string} value
 */
const quoted = (value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * RFC 4180 CSV with a header line and CRLF line ends (a CRLF after the last record too), every
 * cell made spreadsheet-safe. `bom` prefixes a UTF-8 byte order mark so Excel reads non-Latin
 * text as UTF-8.
 * @param {ReadonlyArray<ExportRow>} rows
 * @param {{ bom?: boolean }} [options]
 * @returns {string}
 */
function toCsv(rows, { bom = false } = {}) {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => quoted(csvCell(String(row[column])))).join(',')),
  ];
  return `${bom ? '\ufeff' : ''}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/**
 * Plain data for programs: exact values. JSON already escapes C0 controls; DEL, C1 controls,
 * bidi overrides and line/paragraph separators are escaped too (\u009b is a terminal's CSI),
 * which JSON readers turn back into the same characters.
 * @param {ReadonlyArray<JsonRecord>} rows
 * @returns {string}
 */
function toJson(rows) {
  return `${JSON.stringify(rows, null, 2).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}\n`;
}

module.exports = {
  columns,
  toExportRow,
  toJsonRecord,
  toCsv,
  toJson,
  neutralise,
  withoutControls,
};
