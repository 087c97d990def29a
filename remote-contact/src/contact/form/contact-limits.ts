import {
  contactFieldNames,
  contactFields,
  type ContactField,
} from '../../../../platform/contact-request/contact-schema.cjs';

/**
 * What a contact request may contain is the platform's schema (contact-schema.cjs): the form
 * validates with it and firestore.rules is generated from it. This module reads it the way the
 * form needs it. Lengths are `contactLimits`, in UTF-16 code units.
 */
export {
  contactLimits,
  contactPatterns,
} from '../../../../platform/contact-request/contact-schema.cjs';
export { isBlank, matchesFully } from '../../../../platform/contact-request/contact-values.cjs';

/** Which pattern each field's stored value must match; see matchesFully. */
export const fieldPatterns = Object.fromEntries(
  contactFieldNames.map((field) => [field, contactFields[field].pattern]),
) as Readonly<Record<ContactField, string>>;

/** Length as the rules' size() counts it: the schema's one definition (UTF-16 code units). */
export { textLength as characterCount } from '../../../../platform/contact-request/contact-schema.cjs';
