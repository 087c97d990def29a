import type { ContactField } from 'remote-shared/content';

/** What the visitor typed, field by field, exactly as typed. */
export type ContactValues = Record<ContactField, string>;

export const contactFields: readonly ContactField[] = [
  'name',
  'phone',
  'email',
  'company',
  'message',
];

export const emptyContactValues: ContactValues = {
  name: '',
  phone: '',
  email: '',
  company: '',
  message: '',
};

/** What is stored: every field trimmed (message "" when left empty). */
export function normalizeContactValues(values: ContactValues): ContactValues {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    message: values.message.trim(),
  };
}
