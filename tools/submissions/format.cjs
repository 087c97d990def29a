// @ts-check
// The CSV and JSON formats live with the staff inbox, which downloads the same files; this
// command requires that plain CommonJS module as it is.
const {
  toCsv,
  toJson,
  neutralise,
  withoutControls,
} = require('../../platform/contact-request/request-export.cjs');

/** Renders submissions as a terminal table, CSV (spreadsheet-safe) or JSON. */

/** @typedef {import('./read-submissions.cjs').Submission} Submission */

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
    ['Status', 8, (row) => (row.spam ? 'spam' : row.status)],
    ['Owner', 22, (row) => row.owner],
    ['Note', 24, (row) => row.note],
    ['Campaign', 20, (row) => [row.utmSource, row.utmCampaign].filter(Boolean).join(' / ')],
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
