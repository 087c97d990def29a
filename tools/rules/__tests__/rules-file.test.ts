import { readFileSync } from 'node:fs';
import { rulesPath, rulesText } from '../rules-file.cjs';

describe('firestore.rules', () => {
  it('is what tools/rules/write-rules.mjs writes from the contact schema (run it after a change)', () => {
    expect(readFileSync(rulesPath, 'utf8')).toBe(rulesText());
  });
});
