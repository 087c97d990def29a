import { contactLimits, contactPage, type ContactField } from 'remote-shared/content';
import { normalizeContactValues, type ContactValues } from './contact-values';

export type ContactErrors = Partial<Record<ContactField, string>>;

// The HTML standard's "valid e-mail address" (what type=email checks), with a dot required in
// the domain: "name@localhost" is valid HTML but never a studio client's address.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * Length as Firestore rules' size() counts it: UTF-16 code units (an emoji outside the Basic
 * Multilingual Plane counts 2). Counting the same way keeps the form and the rules in agreement,
 * so a message the form accepts is never refused by the server.
 */
export function characterCount(value: string): number {
  return value.length;
}

export function isValidEmail(value: string): boolean {
  return value.length <= contactLimits.email && emailPattern.test(value);
}

/** The phone field keeps digits only, whether typed or pasted; everything else is dropped. */
export function filterPhone(input: string): string {
  return input.replace(/\D+/g, '');
}

function tooLong(field: ContactField, value: string): string | undefined {
  const limit = contactLimits[field];
  if (characterCount(value) <= limit) return undefined;
  return field === 'phone' ? contactPage.phoneTooLong(limit) : contactPage.tooLong(limit);
}

function validateField(field: ContactField, value: string): string | undefined {
  const { required } = contactPage.fields[field];
  if (required && value === '') return required;
  if (field === 'phone' && !/^\d*$/.test(value)) return required;
  const length = tooLong(field, value);
  if (length) return length;
  if (field === 'email' && !isValidEmail(value)) return contactPage.invalidEmail;
  return undefined;
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

export function hasErrors(errors: ContactErrors): boolean {
  return Object.keys(errors).length > 0;
}
