import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import fields from '../shared-styles/fields.module.css';
import labels from '../shared-styles/labels.module.css';

type LabelledInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'children'> & {
  readonly id: string;
  readonly label: string;
  /** Added to the input's own look. */
  readonly inputClassName?: string;
  /** Shown below the input (a hint it describes itself with). */
  readonly children?: ReactNode;
};

/** A label above its input, in the contact form's field style. */
export function LabelledInput({
  id,
  label,
  inputClassName,
  children,
  ...input
}: LabelledInputProps) {
  return (
    <div className={fields.stack}>
      <label htmlFor={id} className={labels.label}>
        {label}
      </label>
      <input
        id={id}
        className={[fields.input, inputClassName].filter(Boolean).join(' ')}
        {...input}
      />
      {children}
    </div>
  );
}
