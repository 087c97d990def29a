// @ts-check
const { stringify } = require('csv-stringify/sync');

/** Renders submissions as a terminal table, CSV (spreadsheet-safe) or JSON. */

/** @typedef {import('./read-submissions.cjs').Submission} Submission */

/** @type {Array<keyof Submission>} */
const columns = ['createdAt', 'name', 'phone', 'email', 'company', 'message', 'id'];

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
 * RFC 4180 CSV: CRLF line ends, fields with commas, quotes or line breaks quoted, quotes doubled.
 * `bom` prefixes a UTF-8 byte order mark so Excel reads non-Latin text as UTF-8.
 * @param {Submission[]} rows
 * @param {{ bom?: boolean }} [options]
 */
function toCsv(rows, { bom = false } = {}) {
  return stringify(rows, {
    header: true,
    columns,
    bom,
    record_delimiter: 'windows',
    cast: { string: csvCell },
  });
}

/**
 * Plain data for programs: exact values, newest first. JSON already escapes C0 controls; DEL,
 * C1 controls, bidi overrides and line/paragraph separators are escaped too (\u009b is a
 * terminal's CSI), which JSON readers turn back into the same characters.
 * @param {Submission[]} rows
 */
function toJson(rows) {
  return `${JSON.stringify(rows, null, 2).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}\n`;
}

/**
 * Visitors' text must not steer the staff's terminal: control characters (escape sequences,
 * carriage returns, bidi overrides) are shown as visible marks, and line breaks as ⏎.
 * @param {string} value
 */
function printable(value) {
  return (
    value
      .replace(/\r\n|\r|\n/g, ' ⏎ ')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '�')
  );
}

/** @param {string} value @param {number} width */
function fit(value, width) {
  const chars = Array.from(value);
  if (chars.length <= width) return value + ' '.repeat(width - chars.length);
  return `${chars.slice(0, width - 1).join('')}…`;
}

/** @param {string} iso */
function received(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '(no date)';
}

/**
 * A readable table for the terminal; long values are cut (use csv or json for everything).
 * @param {Submission[]} rows
 * @param {{ since?: Date }} [context]
 */
function toTable(rows, { since } = {}) {
  if (rows.length === 0) {
    return since ? `No submissions since ${since.toISOString()}.\n` : 'No submissions yet.\n';
  }
  /** @type {Array<[string, number, (row: Submission) => string]>} */
  const layout = [
    ['Received', 20, (row) => received(row.createdAt)],
    ['Name', 22, (row) => row.name],
    ['Company', 20, (row) => row.company],
    ['Email', 28, (row) => row.email],
    ['Phone', 20, (row) => row.phone],
    ['Message', 40, (row) => row.message],
  ];
  const widths = layout.map(([title, max, get]) =>
    Math.min(
      max,
      Math.max(title.length, ...rows.map((row) => Array.from(printable(get(row))).length)),
    ),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, i) => fit(cell, widths[i] ?? 10))
      .join('  ')
      .trimEnd();
  const out = [
    line(layout.map(([title]) => title)),
    line(widths.map((width) => '─'.repeat(width))),
    ...rows.map((row) => line(layout.map(([, , get]) => printable(get(row))))),
    '',
    `${rows.length} submission${rows.length === 1 ? '' : 's'}, newest first${
      since ? ` (since ${since.toISOString()})` : ''
    }. Use --format csv or json for the full text.`,
  ];
  return `${out.join('\n')}\n`;
}

module.exports = { toCsv, toJson, toTable, neutralise, withoutControls, printable };
