import type { ContactField } from 'remote-shared/content';
import { trimInvisible } from './contact-limits';
import { contactFieldNames } from '../../../platform/contact-request/contact-schema.cjs';

/** What the visitor typed, field by field, exactly as typed. */
export type ContactValues = Record<ContactField, string>;

/** The form's fields, in order: the schema's. */
export const contactFields: readonly ContactField[] = contactFieldNames;

export const emptyContactValues: ContactValues = {
  name: '',
  phone: '',
  email: '',
  company: '',
  message: '',
};

/** What is stored: every field trimmed of invisible characters (message "" when left empty). */
export function normalizeContactValues(values: ContactValues): ContactValues {
  return {
    name: trimInvisible(values.name),
    phone: trimInvisible(values.phone),
    email: trimInvisible(values.email),
    company: trimInvisible(values.company),
    message: trimInvisible(values.message),
  };
}
