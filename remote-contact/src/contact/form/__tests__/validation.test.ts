import { contactPage } from 'remote-shared/contact-content';
import { characterCount, contactLimits, isBlank } from '../contact-limits';
import { emptyContactValues, normalizeContactValues, type ContactValues } from '../contact-values';
import { filterPhone, isValidEmail, validateContact } from '../validation';

const valid: ContactValues = {
  name: 'Ada Lovelace',
  phone: '442079460000',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  message: '',
};

describe('validateContact', () => {
  it('accepts a complete request with an empty message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('gives the four required messages for an empty form, and none for message', () => {
    expect(validateContact(emptyContactValues)).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      company: 'Company is required',
    });
  });

  it.each(['name', 'phone', 'email', 'company'] as const)(
    'treats a %s of only spaces, tabs and newlines as missing',
    (field) => {
      const errors = validateContact({ ...valid, [field]: ' \t\n ' });
      expect(errors[field]).toBe(contactPage.fields[field].required);
      expect(Object.keys(errors)).toEqual([field]);
    },
  );

  it.each([
    ['no-break space', '\u00a0'],
    ['zero-width space', '\u200b'],
    ['line separator', '\u2028'],
    ['ideographic space', '\u3000'],
    ['next line (U+0085)', '\u0085'],
    ['byte order mark', '\ufeff'],
    ['NUL', '\u0000'],
  ])('treats a name of only %s as missing (one definition of blank)', (_what, invisible) => {
    expect(isBlank(invisible.repeat(3))).toBe(true);
    expect(validateContact({ ...valid, name: invisible.repeat(3) }).name).toBe(
      contactPage.fields.name.required,
    );
  });

  it.each([
    ['name', 'Ada\u0000Lovelace'],
    ['name', 'Ada\u001b[31m Lovelace'],
    ['company', 'Acme\u0007Corp'],
    ['message', 'Hello\u001b[2J there'],
  ] as const)('refuses control characters inside %s', (field, value) => {
    expect(validateContact({ ...valid, [field]: value })[field]).toBe(
      contactPage.controlCharacters,
    );
  });

  it.each([
    ['name', 'Ada \u202egnp.exe', 'right-to-left override'],
    ['name', 'Ada\u202aLovelace', 'left-to-right embedding'],
    ['company', 'Acme\u2066Corp\u2069', 'isolates'],
    ['company', 'Acme\u200fCorp', 'right-to-left mark'],
    ['message', 'Hello\u200e there', 'left-to-right mark'],
    ['message', 'Hello\u061c there', 'Arabic letter mark'],
    ['message', 'Hello\u202c there', 'pop directional formatting'],
  ] as const)('refuses bidi controls inside %s (%j: %s)', (field, value, _what) => {
    expect(validateContact({ ...valid, [field]: value })[field]).toBe(
      contactPage.controlCharacters,
    );
  });

  it('keeps the zero-width joiner inside emoji, in every text field', () => {
    expect(
      validateContact({
        ...valid,
        name: 'Ada 👩‍💻',
        company: '👨‍👩‍👧 Family Co',
        message: 'Flags 🏳️‍🌈 and 👩‍❤️‍💋‍👨\nfine',
      }),
    ).toEqual({});
  });

  it('keeps line breaks and tabs in a message, and invisible characters between words', () => {
    expect(
      validateContact({
        ...valid,
        name: 'Ada\u00a0Lovelace',
        message: 'Line one\r\n\tLine two',
      }),
    ).toEqual({});
  });

  it('judges the trimmed values: leading and trailing spaces are fine', () => {
    const spaced = { ...valid, name: '  Ada  ', email: ' ada@example.com ', company: ' X ' };
    expect(validateContact(spaced)).toEqual({});
    expect(normalizeContactValues(spaced)).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      company: 'X',
    });
  });

  it.each([
    'plainaddress',
    'a@b',
    '@example.com',
    'ada@',
    'ada@@example.com',
    'a da@example.com',
    'ada@exa mple.com',
    'ada@-example.com',
    'ada@example..com',
    '<script>@x.com',
    // Anything that could carry a header or parameter into a mailto: link or a Reply-To.
    'victim%40realcorp.example?bcc=spy%40evil.example&subject=Hi@b.co',
    'a?cc=x@b.co',
    'a&b@b.co',
    'a=b@b.co',
    'a#b@b.co',
    'a/b@b.co',
    'a%b@b.co',
    '"a"@b.co',
    "o'brien@b.co",
    'a,b@b.co',
    // Dots only between other characters.
    '.ada@example.com',
    'ada.@example.com',
    'a..da@example.com',
  ])('rejects the invalid email %j', (email) => {
    expect(validateContact({ ...valid, email }).email).toBe(contactPage.invalidEmail);
  });

  it.each([
    'ada@example.com',
    'o.brien+tag@mail.example.co.uk',
    'A.B-C_d@sub-domain.example.io',
    '-_+@x.io',
  ])('accepts the valid email %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['name', contactLimits.name],
    ['email', contactLimits.email],
    ['company', contactLimits.company],
    ['message', contactLimits.message],
  ] as const)('limits %s to %i characters', (field, limit) => {
    const at = field === 'email' ? `${'a'.repeat(limit - 12)}@example.com` : 'x'.repeat(limit);
    const over = field === 'email' ? `a${at}` : `${at}x`;
    expect(validateContact({ ...valid, [field]: at })[field]).toBeUndefined();
    expect(validateContact({ ...valid, [field]: over })[field]).toBe(contactPage.tooLong(limit));
  });

  it('limits phone to 20 digits', () => {
    expect(validateContact({ ...valid, phone: '1'.repeat(20) }).phone).toBeUndefined();
    expect(validateContact({ ...valid, phone: '1'.repeat(21) }).phone).toBe(
      contactPage.phoneTooLong(20),
    );
  });

  it('refuses a phone that is not digits (the rules would)', () => {
    expect(validateContact({ ...valid, phone: '+44 20' }).phone).toBeDefined();
  });

  it('counts length as the security rules do (UTF-16 units: an emoji is 2)', () => {
    expect(characterCount('🎨')).toBe(2);
    expect(characterCount('שלום')).toBe(4);
    expect(validateContact({ ...valid, name: '🎨'.repeat(50) }).name).toBeUndefined();
    expect(validateContact({ ...valid, name: '🎨'.repeat(51) }).name).toBeDefined();
  });

  it('accepts markup, right-to-left and emoji as ordinary text', () => {
    expect(
      validateContact({
        ...valid,
        name: '<img src=x onerror=alert(1)>',
        company: 'شركة 🚀',
        message: '<script>alert(1)</script>',
      }),
    ).toEqual({});
  });
});

describe('filterPhone', () => {
  it.each([
    ['+44 (0)20 7946-0000', '+4402079460000'],
    ['tel: +1-555-0100', '+15550100'],
    ['44 + 20', '4420'],
    ['call me', ''],
    ['١٢٣', ''],
    ['12three45', '1245'],
    ['0049', '0049'],
  ])('keeps the digits (and a leading +) of %j', (input, digits) => {
    expect(filterPhone(input)).toBe(digits);
  });
});
