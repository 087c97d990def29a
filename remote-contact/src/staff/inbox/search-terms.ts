/** A stored field the inbox can look up by how its value starts (Firestore's range queries). */
type LookupField = 'name' | 'email' | 'company' | 'phone';

/** One lookup: the requests whose `field` starts with `prefix`, exactly as stored. */
export interface FieldLookup {
  readonly field: LookupField;
  readonly prefix: string;
}

/** Only the first few words are looked up (each costs a few queries); all of them must match. */
const wordsLookedUp = 3;

/** What a phone number is typed with besides its digits ("+44 (0)20 7946-0000"). */
const phoneLike = /^\+?[0-9][0-9\s().-]*$/;

const capitalised = (word: string): string =>
  word.charAt(0).toLocaleUpperCase() + word.slice(1).toLocaleLowerCase();

/** The spellings a person stores a name or a company with: as typed, Capitalised, lower, UPPER. */
const caseVariants = (word: string): string[] => [
  word,
  capitalised(word),
  word.toLocaleLowerCase(),
  word.toLocaleUpperCase(),
];

/**
 * The lookups for a search: each of its first words as the start of a name, email, company or
 * phone number in the case variants people type and store. A phone number is looked up as the
 * form stores it (digits, an optional leading "+"), so "+44 1234" finds "+441234567890"; a word
 * with "@" is looked up as an email only. The requests found must still match every word (the
 * inbox's own filter decides), so a lookup only has to find candidates.
 */
export function fieldLookups(search: string): FieldLookup[] {
  const words = [...new Set(search.trim().split(/\s+/).filter(Boolean))];
  const lookups = new Map<string, FieldLookup>();
  const add = (field: LookupField, prefix: string) => {
    if (prefix !== '') lookups.set(`${field}\u0000${prefix}`, { field, prefix });
  };
  // A phone number typed with spaces is one number, not several words.
  const whole = search.trim();
  if (whole.includes(' ') && phoneLike.test(whole)) addPhone(add, whole);
  for (const word of words.slice(0, wordsLookedUp)) {
    if (phoneLike.test(word)) {
      addPhone(add, word);
      continue;
    }
    if (word.includes('@')) {
      add('email', word);
      add('email', word.toLocaleLowerCase());
      continue;
    }
    for (const variant of caseVariants(word)) {
      add('name', variant);
      add('company', variant);
    }
    add('email', word.toLocaleLowerCase());
  }
  return [...lookups.values()];
}

function addPhone(add: (field: LookupField, prefix: string) => void, typed: string) {
  const digits = typed.replace(/[^0-9+]/g, '');
  add('phone', digits);
  // Typed without its "+", a number stored with one is found too (and the other way round).
  add('phone', digits.startsWith('+') ? digits.slice(1) : `+${digits}`);
}
