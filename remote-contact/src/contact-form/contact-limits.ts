import type { ContactField } from 'remote-shared/content';

export { contactLimits } from 'remote-shared/content';

/**
 * What a contact request may contain: the one definition the form validates with and that
 * firestore.rules enforces. The patterns are written in the syntax that JavaScript (with the `u`
 * flag) and RE2 (the rules' `matches()`) read the same way; the rules tests check that the rules
 * file carries exactly these strings and limits, and that the emulator accepts what the form
 * accepts and refuses what it refuses. Lengths are `contactLimits`, in UTF-16 code units.
 */

/**
 * Characters a reader cannot see: separators (every kind of space, line and paragraph separators),
 * controls (NUL, ESC, U+0085…) and format characters (zero-width space, byte order mark…).
 * The form trims them at both ends; a value made only of them is blank.
 */
const invisibleClass = '\\p{Z}\\p{Cc}\\p{Cf}';
const visible = `[^${invisibleClass}]`;

/**
 * Unicode's Bidi_Control characters: the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069, and the marks U+200E, U+200F and U+061C. They reorder how the text around them
 * is displayed (a name can show as something else in the inbox or a mail subject), so no field
 * may contain them. They are format characters (\p{Cf}) like the zero-width joiner inside an
 * emoji, which stays allowed, so they are listed one by one.
 *
 * Written as the characters themselves: RE2 has no \u escape (only \x{…}) and JavaScript's
 * `u` mode has no \x{…}, while both read a literal character in a class the same way. The rules
 * file writes them as \u string escapes of its own string literal (never as invisible text).
 */
const bidiControls = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';

/** Anything but a control or bidi control character, inside a value. */
const inner = `[^\\p{Cc}${bidiControls}]`;

/** Full-string patterns of the stored (trimmed) values; see matchesFully. */
export const contactPatterns = {
  /** One line: starts and ends with something visible, no control characters (name, company). */
  line: `${visible}(?:${inner}*${visible})?`,
  /** Digits only. */
  phone: '[0-9]+',
  /**
   * An address that cannot carry anything but itself: the local part is letters, digits and
   * `. _ + -` (no leading, trailing or double dot), so no `%`, `?`, `&`, `=`, `#`, `/` or quote
   * can smuggle a header or a second address into a mailto: link or a mail's Reply-To. The
   * domain is the HTML standard's, with a dot required ("name@localhost" is never a client's).
   * Stricter than what type=email allows (it refuses o'brien@…), on purpose.
   */
  email:
    '[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+',
  /** Empty, or text over several lines: tabs and line breaks, no other control characters. */
  message: `(?:${visible}(?:(?:${inner}|[\\t\\n\\r])*${visible})?)?`,
} as const;

/** Which pattern each field's stored value must match. */
export const fieldPatterns: Readonly<Record<ContactField, string>> = {
  name: contactPatterns.line,
  phone: contactPatterns.phone,
  email: contactPatterns.email,
  company: contactPatterns.line,
  message: contactPatterns.message,
};

/** The shape of users/{id}: what newDocumentId makes (20 letters and digits). */
const documentIdLength = 20;
export const documentIdPattern = `[A-Za-z0-9]{${documentIdLength}}`;

const compiled = new Map<string, RegExp>();

/** Whether the whole of `value` matches `pattern`, as rules' matches() decides it. */
export function matchesFully(value: string, pattern: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
    compiled.set(pattern, regex);
  }
  return regex.test(value);
}

const edges = new RegExp(`^[${invisibleClass}]+|[${invisibleClass}]+$`, 'gu');

/** Removes invisible characters at both ends (more than String.prototype.trim knows of). */
export function trimInvisible(value: string): string {
  return value.replace(edges, '');
}

/** Blank: nothing a reader could see, once trimmed. */
export function isBlank(value: string): boolean {
  return trimInvisible(value) === '';
}

/** Length as the rules' size() counts it: UTF-16 code units (an emoji counts 2). */
export function characterCount(value: string): number {
  return value.length;
}

/**
 * The per-client ceiling: one request per signed-in (anonymous) visitor per this many seconds.
 * A person sending twice in a row is rare; a minute stops a script from storing more than one
 * request a minute per identity. firestore.rules carries the same number.
 */
export const clientIntervalSeconds = 60;
