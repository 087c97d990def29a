import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { contactPage, type ContactField } from 'remote-shared/content';
import { Button } from 'remote-shared/ui';
import type { WriteContact } from '../firestore/contact-submission';
import styles from './contact-form.module.css';
import { contactFields } from './contact-values';
import { FormField } from './form-field';
import { Honeypot } from './honeypot';
import { useContactForm } from './use-contact-form';

export interface ContactFormProps {
  /** Stores a submission; the page passes the Firestore writer, unit tests a fake. */
  readonly writeContact: WriteContact;
  readonly newId: () => string;
  /** Called once, on the first interaction, to start downloading what sending needs. */
  readonly onFirstUse?: () => void;
  /** Called after a successful submit: the page opens the thank-you popup. */
  readonly onSent: () => void;
  /** Focus returns here when the popup closes. */
  readonly submitRef?: RefObject<HTMLButtonElement | null>;
}

export function ContactForm({
  writeContact,
  newId,
  onFirstUse,
  onSent,
  submitRef,
}: ContactFormProps) {
  const { values, errors, state, change, clear, submit, dismiss } = useContactForm({
    writeContact,
    newId,
  });
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const used = useRef(false);
  const sending = state.status === 'sending';

  // The page shows the thanks; the form is back to editing as soon as it has handed over.
  useEffect(() => {
    if (state.status !== 'sent') return;
    onSent();
    dismiss();
  }, [state, onSent, dismiss]);

  function firstUse() {
    if (used.current) return;
    used.current = true;
    onFirstUse?.();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    firstUse();
    const invalid: ContactField | null = await submit(honeypot.current?.value ?? '');
    if (invalid) form.current?.querySelector<HTMLElement>(`#contact-${invalid}`)?.focus();
  }

  function onClear() {
    clear();
    if (honeypot.current) honeypot.current.value = '';
  }

  return (
    <form
      ref={form}
      className={styles.form}
      aria-label={contactPage.formLabel}
      aria-busy={sending}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={firstUse}
    >
      <p className={styles.note}>{contactPage.requiredNote}</p>
      <div className={styles.grid}>
        {contactFields.map((field) => (
          <FormField
            key={field}
            field={field}
            value={values[field]}
            error={errors[field]}
            onChange={change}
          />
        ))}
      </div>
      <Honeypot inputRef={honeypot} />
      <p role="alert" className={styles.failure} hidden={state.status !== 'failed'}>
        {state.status === 'failed' ? contactPage.failure : ''}
      </p>
      <div className={styles.actions}>
        <Button ref={submitRef} type="submit" disabled={sending} className={styles.submit}>
          {sending ? contactPage.sending : contactPage.submit}
        </Button>
        <Button type="button" variant="secondary" disabled={sending} onClick={onClear}>
          {contactPage.clear}
        </Button>
      </div>
    </form>
  );
}
