import { useLayoutEffect, useRef, type FormEvent, type RefObject } from 'react';
import { mailtoHref, studio } from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import { useTapReplay } from 'remote-shared/hooks';
import { Button } from 'remote-shared/ui';
import type { ContactWriteFailure, ContactWriter } from '../../firebase/contact-submission';
import styles from './contact-form.module.css';
import { contactFields } from './contact-values';
import { FormField } from './form-field';
import { Honeypot } from './honeypot';
import { useContactForm } from './use-contact-form';

/** What the form says about a failure; "too soon" names the time another request is allowed. */
function failureText(reason: ContactWriteFailure, retryAt: number | undefined): string {
  if (reason !== 'too-soon' || retryAt === undefined) return contactPage.failures[reason];
  // Rounded up to the minute, so the time shown is never too early.
  const minute = new Date(Math.ceil(retryAt / 60_000) * 60_000);
  return contactPage.tooSoonUntil(
    minute.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
  );
}

export interface ContactFormProps {
  /** Stores submissions; preloaded on the first interaction so the first submit is quick. */
  readonly writer: ContactWriter;
  readonly newId: () => string;
  /** Called after a successful submit: the page opens the thank-you popup. */
  readonly onSent: () => void;
  /** Focus returns here when the popup closes. */
  readonly submitRef?: RefObject<HTMLButtonElement | null>;
}

export function ContactForm({ writer, newId, onSent, submitRef }: ContactFormProps) {
  const { values, errors, state, change, adoptTyped, clear, submit } = useContactForm({
    write: writer.write,
    newId,
  });
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const used = useRef(false);
  // The one guard against a double submit: Submit (and Clear) are disabled while sending.
  const sending = state.status === 'sending';

  function firstUse() {
    if (used.current) return;
    used.current = true;
    writer.preload();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    firstUse();
    const result = await submit(honeypot.current?.value ?? '');
    if (result === 'sent') onSent();
    else if (result !== 'failed') {
      form.current?.querySelector<HTMLElement>(`#contact-${result.invalid}`)?.focus();
    }
  }

  function onClear() {
    clear();
    if (honeypot.current) honeypot.current.value = '';
  }

  // Text typed before hydration is in the fields but not in the form's state: take it over
  // once, at hydration, before any replayed tap reads the state.
  useLayoutEffect(() => {
    const typed = Object.fromEntries(
      contactFields.flatMap((field) => {
        const input = form.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
          `#contact-${field}`,
        );
        return input && input.value !== '' ? [[field, input.value]] : [];
      }),
    );
    if (Object.keys(typed).length > 0) adoptTyped(typed);
  }, [adoptTyped]);

  // Submit and Clear tapped before hydration take effect once hydrated (typed text is kept).
  const submitTap = useTapReplay('contact-submit', () => form.current?.requestSubmit());
  const clearTap = useTapReplay('contact-clear', onClear);

  return (
    <form
      ref={form}
      className={styles.form}
      aria-label={contactPage.formLabel}
      aria-busy={sending}
      // Hidden when scripts do not run (the page's <noscript> says why): without them it
      // could only send the fields to this page's address.
      data-requires-script=""
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={firstUse}
      {...submitTap}
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
      <div role="alert" className={styles.failure} hidden={state.status !== 'failed'}>
        {state.status === 'failed' && (
          <>
            <p>
              {failureText(state.reason, state.retryAt)} {contactPage.keptNote}
            </p>
            <p>
              {contactPage.emailInstead} <a href={mailtoHref(studio.email)}>{studio.email}</a>
            </p>
          </>
        )}
      </div>
      <div className={styles.actions}>
        <Button ref={submitRef} type="submit" disabled={sending} className={styles.submit}>
          {sending ? contactPage.sending : contactPage.submit}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={sending}
          onClick={onClear}
          {...clearTap}
        >
          {contactPage.clear}
        </Button>
      </div>
    </form>
  );
}
