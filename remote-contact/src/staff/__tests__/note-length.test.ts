import { leadLimits, textLength } from '../../../../platform/contact-request/contact-schema.cjs';
import { characterCount } from '../../contact/form/contact-limits';
import { measureNote } from '../lead/note-length';

describe('a note measured as the rules count it', () => {
  it('says how far a 1,087-character note is over, and keeps all of it', () => {
    const long = `${'b'.repeat(1086)}.`;
    const measured = measureNote(long);
    expect(measured).toMatchObject({ text: long, length: 1087, over: 87 });
  });

  it('counts an emoji as two units, as size() does: 999 letters and an emoji are one over', () => {
    const note = `${'a'.repeat(999)}🎨`;
    expect(measureNote(note)).toMatchObject({ text: note, length: 1001, over: 1 });
    expect(measureNote(`${'a'.repeat(998)}🎨`).over).toBe(0);
  });

  it('does not count what is removed before saving (direction marks, trailing spaces)', () => {
    const note = `\u202a${'c'.repeat(leadLimits.note)}\u202c \u200b`;
    expect(measureNote(note)).toMatchObject({ length: leadLimits.note, over: 0, removed: 3 });
  });

  it('is the one definition of length: the form counts the same way', () => {
    for (const value of ['', 'abc', '🎨', 'e\u0301', '👩‍👩‍👧']) {
      expect(characterCount(value)).toBe(textLength(value));
      expect(textLength(value)).toBe(value.length);
    }
  });
});
