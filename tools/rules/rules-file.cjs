// @ts-check
/**
 * firestore.rules from its template (firestore.rules.template beside this file) and the contact
 * request's schema (platform/contact-request/contact-schema.cjs). Rules cannot import anything,
 * so every field list, limit and pattern they check is written into them here, and a unit test
 * fails when the committed file differs from what this writes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('../../platform/build-paths.cjs');
const schema = require('../../platform/contact-request/contact-schema.cjs');

const templatePath = path.join(__dirname, 'firestore.rules.template');
const rulesPath = path.join(repoRoot, 'firestore.rules');

/**
 * A pattern as a double-quoted string literal of the rules language. Characters outside
 * printable ASCII (the bidi controls) are \u escapes of the literal: RE2 itself has no \u, and
 * invisible text in the file would hide what it checks.
 * @param {string} pattern
 */
const rulesLiteral = (pattern) =>
  `"${pattern
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;

/** @param {readonly string[]} names */
const keyList = (names) => names.map((name) => `'${name}'`).join(', ');

/** @param {{ max: number; pattern: string }} field */
const limits = ({ max, pattern }) => `${max}, ${rulesLiteral(pattern)}`;

/** What each {{placeholder}} of the template becomes. */
function values() {
  /** @type {Record<string, string>} */
  const known = {
    notice:
      '// Written by `node tools/rules/write-rules.mjs` from tools/rules/firestore.rules.template\n' +
      '// and platform/contact-request/contact-schema.cjs: edit those, not this file.',
    contactKeys: keyList(schema.contactFieldNames),
    contextKeys: keyList(schema.contextFieldNames),
    contactChecks: schema.contactFieldNames
      .map((name) => `text(data.${name}, ${limits(schema.contactFields[name])})`)
      .join('\n        && '),
    contextChecks: schema.contextFieldNames
      .map((name) => `optionalText(data, '${name}', ${limits(schema.contextFields[name])})`)
      .join('\n        && '),
    maxFormSeconds: String(schema.maxFormSeconds),
    documentIdPattern: rulesLiteral(schema.documentIdPattern),
    statuses: keyList(schema.statuses),
    staffSpamReasons: keyList(schema.staffSpamReasons),
    noteCheck: `text(data.note, ${limits({ max: schema.leadLimits.note, pattern: schema.notePattern })})`,
    historyKeyBase: String(schema.historyKeyBase),
    historyMax: String(schema.leadLimits.history),
    historyArchive: schema.historyArchive,
    requests: schema.collections.requests,
    clients: schema.collections.clients,
    staffAccess: schema.collections.staffAccess,
    staffMembers: schema.collections.staffMembers,
    historyEntryKeys: keyList(schema.historyEntryKeys),
    clientIntervalSeconds: String(schema.clientIntervalSeconds),
  };
  return known;
}

/** The rules as they must be committed. */
function rulesText() {
  const known = values();
  const used = new Set();
  const text = fs.readFileSync(templatePath, 'utf8').replace(/\{\{([^}]+)\}\}/g, (_, name) => {
    const value = known[name];
    if (value === undefined) throw new Error(`${templatePath}: unknown placeholder {{${name}}}`);
    used.add(name);
    return value;
  });
  // Every value must be used: a template that drops one would stop checking it.
  const unused = Object.keys(known).filter((name) => !used.has(name));
  if (unused.length > 0) {
    throw new Error(`${templatePath} never uses ${unused.map((name) => `{{${name}}}`).join(', ')}`);
  }
  return text;
}

module.exports = { rulesPath, rulesText, rulesLiteral };
