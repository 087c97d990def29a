import { fieldLookups, type FieldLookup } from '../inbox/search-terms';

const prefixesOf = (lookups: FieldLookup[], field: FieldLookup['field']) =>
  lookups.filter((lookup) => lookup.field === field).map((lookup) => lookup.prefix);

describe('fieldLookups', () => {
  it('looks a word up as the start of a name or company in the spellings people use', () => {
    const lookups = fieldLookups('  mcKay ');
    expect(prefixesOf(lookups, 'name')).toEqual(['mcKay', 'Mckay', 'mckay', 'MCKAY']);
    expect(prefixesOf(lookups, 'company')).toEqual(['mcKay', 'Mckay', 'mckay', 'MCKAY']);
    expect(prefixesOf(lookups, 'email')).toEqual(['mckay']);
    expect(prefixesOf(lookups, 'phone')).toEqual([]);
  });

  it('looks up a phone number as the form stores it, with and without its "+"', () => {
    expect(fieldLookups('+44 1234-567')).toEqual([
      { field: 'phone', prefix: '+441234567' },
      { field: 'phone', prefix: '441234567' },
      { field: 'phone', prefix: '+44' },
      { field: 'phone', prefix: '44' },
      { field: 'phone', prefix: '1234567' },
      { field: 'phone', prefix: '+1234567' },
    ]);
  });

  it('looks up an address as an email only, and at most three words', () => {
    expect(fieldLookups('Ada@Example.com')).toEqual([
      { field: 'email', prefix: 'Ada@Example.com' },
      { field: 'email', prefix: 'ada@example.com' },
    ]);
    const words = new Set(fieldLookups('one two three four').map((lookup) => lookup.prefix));
    expect(words.has('four')).toBe(false);
    expect(words.has('three')).toBe(true);
    expect(fieldLookups('   ')).toEqual([]);
  });
});
