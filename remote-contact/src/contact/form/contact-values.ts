import type { ContactField } from 'remote-shared/contact-content';
import { contactFieldNames } from '../../../../platform/contact-request/contact-schema.cjs';

/** What the visitor typed, field by field, exactly as typed. */
export type ContactValues = Record<ContactField, string>;

/** The form's fields, in order: the schema's. */
export const contactFields: readonly ContactField[] = contactFieldNames;

// Empty values and what is stored are derived from the schema's field list, in the platform.
export {
  emptyContactValues,
  normalizeContactValues,
} from '../../../../platform/contact-request/contact-values.cjs';
