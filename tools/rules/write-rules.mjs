// @ts-check
/**
 * `node tools/rules/write-rules.mjs`: writes firestore.rules from its template and the contact
 * request's schema (see rules-file.cjs). Run it after changing either; a unit test fails until
 * the committed file is what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import rulesFile from './rules-file.cjs';

fs.writeFileSync(rulesFile.rulesPath, rulesFile.rulesText());
console.log(`Wrote ${path.relative(process.cwd(), rulesFile.rulesPath) || rulesFile.rulesPath}.`);
