import { useCallback, useReducer, useRef, useState } from 'react';
import type { ContactField } from 'remote-shared/contact-content';
import { ContactWriteError, type WriteContact } from '../../firebase/contact-submission';
import {
  contactFields,
  emptyContactValues,
  normalizeContactValues,
  type ContactValues,
} from './contact-values';
import { attemptFor, initialSubmitState, submitReducer } from './submit-machine';
import { filterPhone, validateContact, type ContactErrors } from './validation';

export interface ContactFormDeps {
  readonly write: WriteContact;
  /** Makes the id of a new submission's document. */
  readonly newId: () => string;
}

/** How a submit ended: sent, failed (the text stays), or the first invalid field. */
export type SubmitResult = 'sent' | 'failed' | { readonly invalid: ContactField };

/** The form's state and handlers; the markup lives in contact-form.tsx. */
export function useContactForm({ write, newId }: ContactFormDeps) {
  const [values, setValues] = useState<ContactValues>(emptyContactValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [state, dispatch] = useReducer(submitReducer, initialSubmitState);
  /** When the visitor first typed (performance.now()): how long the form took is a spam signal. */
  const firstKeystroke = useRef<number | null>(null);

  const change = useCallback(
    (field: ContactField, raw: string) => {
      firstKeystroke.current ??= performance.now();
      const value = field === 'phone' ? filterPhone(raw) : raw;
      const next = { ...values, [field]: value };
      setValues(next);
      // A field already marked invalid re-checks as the visitor fixes it.
      if (errors[field]) {
        const rest = { ...errors };
        delete rest[field];
        const now = validateContact(next)[field];
        setErrors(now ? { ...rest, [field]: now } : rest);
      }
    },
    [values, errors],
  );

  /** Takes over text typed into the server-rendered fields before the form hydrated. */
  const adoptTyped = useCallback((typed: Partial<ContactValues>) => {
    if (typed.phone !== undefined) typed = { ...typed, phone: filterPhone(typed.phone) };
    setValues((current) => ({ ...current, ...typed }));
  }, []);

  const clear = useCallback(() => {
    setValues(emptyContactValues);
    setErrors({});
    dispatch({ type: 'cleared' });
  }, []);

  /**
   * Validates and sends. A filled honeypot is sent too, reported with the request (the
   * notification function judges it and keeps it apart as suspected spam), and the visitor sees
   * the same thank-you: true either way, as the request is stored.
   */
  const submit = useCallback(
    async (honeypot: string): Promise<SubmitResult> => {
      const found = validateContact(values);
      setErrors(found);
      const invalid = contactFields.find((field) => found[field]);
      if (invalid) return { invalid };

      const submission = normalizeContactValues(values);
      const attempt = attemptFor(state, JSON.stringify(submission), newId);
      dispatch({ type: 'submit', attempt });
      try {
        const started = firstKeystroke.current;
        await write(attempt.id, submission, {
          honeypot: honeypot.trim() !== '',
          formSeconds: started === null ? null : (performance.now() - started) / 1000,
        });
        firstKeystroke.current = null;
        setValues(emptyContactValues);
        setErrors({});
        dispatch({ type: 'succeeded' });
        return 'sent';
      } catch (error) {
        // The writer has logged the cause; the visitor's text stays for another try.
        if (error instanceof ContactWriteError) {
          const retryAt = error.retryAt?.getTime();
          dispatch(
            retryAt === undefined
              ? { type: 'failed', reason: error.reason }
              : { type: 'failed', reason: error.reason, retryAt },
          );
        } else dispatch({ type: 'failed', reason: 'unavailable' });
        return 'failed';
      }
    },
    [values, state, write, newId],
  );

  return { values, errors, state, change, adoptTyped, clear, submit };
}
