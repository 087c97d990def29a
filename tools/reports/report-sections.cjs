// @ts-check
const fs = require('node:fs');

/**
 * Several commands write parts of one report (reports/reliability.md: the chaos run, the hostile
 * requests, the flood). Each owns its `## ` sections and the preamble before the first one
 * belongs to whoever writes it; a command rewrites what it owns and keeps the rest.
 * @param {string} file
 * @param {{ preamble?: string; sections: Record<string, string> }} parts section heading (without
 *   `## `) to its body
 */
function writeReportSections(file, { preamble, sections }) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [oldPreamble = '', ...oldSections] = old.split(/^(?=## )/m);
  /** @type {Map<string, string>} */
  const kept = new Map();
  for (const section of oldSections) {
    const heading = section.slice(3, section.indexOf('\n')).trim();
    kept.set(heading, section.slice(section.indexOf('\n') + 1).trim());
  }
  for (const [heading, body] of Object.entries(sections)) kept.set(heading, body.trim());
  const text = [
    (preamble ?? oldPreamble).trim(),
    ...[...kept].map(([heading, body]) => `## ${heading}\n\n${body}`),
  ].join('\n\n');
  fs.writeFileSync(file, `${text}\n`);
}

module.exports = { writeReportSections };
