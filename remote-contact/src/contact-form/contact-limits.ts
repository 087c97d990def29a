import {
  clientIntervalSeconds,
  contactFieldNames,
  contactFields,
  contactLimits,
  contactPatterns,
  invisibleClass,
  type ContactField,
} from '../../../platform/contact-request/contact-schema.cjs';

/**
 * What a contact request may contain is the platform's schema (contact-schema.cjs): the form
 * validates with it and firestore.rules is generated from it. This module reads it the way the
 * form needs it. Lengths are `contactLimits`, in UTF-16 code units.
 */
export { clientIntervalSeconds, contactLimits, contactPatterns };

/** Which pattern each field's stored value must match; see matchesFully. */
export const fieldPatterns = Object.fromEntries(
  contactFieldNames.map((field) => [field, contactFields[field].pattern]),
) as Readonly<Record<ContactField, string>>;

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
