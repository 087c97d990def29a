// @ts-check
/**
 * A contact request's values as the form holds them and the writer sends them, derived from the
 * schema's field list: a new field in contact-schema.cjs is empty, trimmed, matched and written
 * with no edit here. Plain CommonJS with JSDoc types, like the schema: the form (bundled), the
 * writer and Node tools read it as it is.
 */
const { contactFieldNames, trimInvisible } = require('./contact-schema.cjs');

/** @typedef {import('./contact-schema.cjs').ContactField} ContactField */
/** @typedef {Record<ContactField, string>} ContactValues What the visitor typed, field by field. */

/** @type {Map<string, RegExp>} */
const compiled = new Map();

/**
 * Whether the whole of `value` matches `pattern`, as the rules' matches() decides it.
 * @param {string} value
 * @param {string} pattern
 */
function matchesFully(value, pattern) {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
    compiled.set(pattern, regex);
  }
  return regex.test(value);
}

/**
 * Blank: nothing a reader could see, once trimmed.
 * @param {string} value
 */
function isBlank(value) {
  return trimInvisible(value) === '';
}

/**
 * Each field's value in `source` (a submission, a form's state): exactly the schema's fields,
 * nothing else the object carries. The writer stores this.
 * @param {Readonly<Record<ContactField, string>>} source
 * @param {(value: string) => string} [map]
 * @returns {ContactValues}
 */
function contactValuesOf(source, map = (value) => value) {
  return /** @type {ContactValues} */ (
    Object.fromEntries(contactFieldNames.map((field) => [field, map(source[field])]))
  );
}

/** Every field empty: a new form. @type {Readonly<ContactValues>} */
const emptyContactValues = Object.freeze(
  /** @type {ContactValues} */ (Object.fromEntries(contactFieldNames.map((field) => [field, '']))),
);

/**
 * What is stored: every field trimmed of invisible characters (message '' when left empty).
 * @param {Readonly<ContactValues>} values
 * @returns {ContactValues}
 */
const normalizeContactValues = (values) => contactValuesOf(values, trimInvisible);

module.exports = {
  matchesFully,
  isBlank,
  contactValuesOf,
  emptyContactValues,
  normalizeContactValues,
};
