import type { ChangeEvent } from 'react';
import { contactPage, type ContactField } from 'remote-shared/contact-content';
import styles from './form-field.module.css';
import { contactFields } from '../../../../platform/contact-request/contact-schema.cjs';
import { characterCount, contactLimits } from './contact-limits';

export interface FormFieldProps {
  readonly field: ContactField;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (field: ContactField, value: string) => void;
  readonly disabled?: boolean;
}

/** One labelled field with its error tied to it (aria-invalid + aria-describedby). */
export function FormField({ field, value, error, onChange, disabled }: FormFieldProps) {
  const { label, placeholder, required } = contactPage.fields[field];
  const id = `contact-${field}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field,
    value,
    placeholder,
    disabled,
    required: required !== '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: styles.input,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(field, event.target.value),
  };
  const limit = contactLimits[field];
  const used = characterCount(value);
  // What the browser should offer for the field (autofill, keyboards on phones): the schema's.
  const { input } = contactFields[field];
  const wide = input.type === 'textarea';

  return (
    <div className={[styles.field, wide ? styles.wide : ''].join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {input.type === 'textarea' ? (
        <>
          <textarea rows={6} {...common} />
          <span
            className={[styles.counter, used > limit ? styles.over : ''].join(' ')}
            aria-hidden="true"
          >
            {contactPage.counter(used, limit)}
          </span>
        </>
      ) : (
        <input {...input} {...common} />
      )}
      <p id={errorId} className={styles.error} hidden={!error}>
        {error}
      </p>
    </div>
  );
}
