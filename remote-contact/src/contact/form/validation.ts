import { contactPage, type ContactField } from 'remote-shared/contact-content';
import {
  characterCount,
  contactLimits,
  contactPatterns,
  fieldPatterns,
  matchesFully,
} from './contact-limits';
import { normalizeContactValues, type ContactValues } from './contact-values';

export type ContactErrors = Partial<Record<ContactField, string>>;

export function isValidEmail(value: string): boolean {
  return characterCount(value) <= contactLimits.email && matchesFully(value, contactPatterns.email);
}

/**
 * The phone field keeps digits, and a "+" that starts the number (the international prefix),
 * whether typed or pasted; everything else is dropped.
 */
export function filterPhone(input: string): string {
  const digits = input.replace(/\D+/g, '');
  return /^[^\d+]*\+/.test(input) ? `+${digits}` : digits;
}

/**
 * A stored value's first problem. `value` is already trimmed, so a value the pattern refuses has
 * a control character inside (name, company, message), is not an address (email) or not digits.
 */
function validateField(field: ContactField, value: string): string | undefined {
  const { required } = contactPage.fields[field];
  if (required && value === '') return required;
  const limit = contactLimits[field];
  if (characterCount(value) > limit) {
    return field === 'phone' ? contactPage.phoneTooLong(limit) : contactPage.tooLong(limit);
  }
  if (matchesFully(value, fieldPatterns[field])) return undefined;
  if (field === 'email') return contactPage.invalidEmail;
  if (field === 'phone') return required;
  return contactPage.controlCharacters;
}

/** Every field's first problem, judged on the trimmed values that would be stored. */
export function validateContact(values: ContactValues): ContactErrors {
  const trimmed = normalizeContactValues(values);
  const errors: ContactErrors = {};
  for (const field of Object.keys(trimmed) as ContactField[]) {
    const error = validateField(field, trimmed[field]);
    if (error) errors[field] = error;
  }
  return errors;
}
