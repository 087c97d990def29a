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

/** Full-string patterns of the stored (trimmed) values; see matchesFully. */
export const contactPatterns = {
  /** One line: starts and ends with something visible, no control characters (name, company). */
  line: `${visible}(?:[^\\p{Cc}]*${visible})?`,
  /** Digits only. */
  phone: '[0-9]+',
  /**
   * The HTML standard's "valid e-mail address" (what type=email checks), with a dot required in
   * the domain: "name@localhost" is valid HTML but never a studio client's address.
   */
  email:
    "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+",
  /** Empty, or text over several lines: tabs and line breaks, no other control characters. */
  message: `(?:${visible}(?:(?:[^\\p{Cc}]|[\\t\\n\\r])*${visible})?)?`,
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
