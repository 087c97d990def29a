import { useCallback, useReducer, useRef, useState } from 'react';
import type { ContactField } from 'remote-shared/content';
import type { WriteContact } from '../firestore/contact-submission';
import {
  contactFields,
  emptyContactValues,
  normalizeContactValues,
  type ContactValues,
} from './contact-values';
import { initialSubmitState, submitReducer } from './submit-machine';
import { filterPhone, hasErrors, validateContact, type ContactErrors } from './validation';

export interface ContactFormDeps {
  readonly writeContact: WriteContact;
  /** Makes the id of a new submission's document. */
  readonly newId: () => string;
}

/** The form's state and handlers; the markup lives in contact-form.tsx. */
export function useContactForm({ writeContact, newId }: ContactFormDeps) {
  const [values, setValues] = useState<ContactValues>(emptyContactValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [state, dispatch] = useReducer(submitReducer, initialSubmitState);
  // The submission being tried: resubmitting the same values reuses its id (no duplicates).
  const pending = useRef<{ id: string; key: string } | null>(null);
  // Guards against a second submit in the same tick, before React re-renders as "sending".
  const busy = useRef(false);

  const change = useCallback(
    (field: ContactField, raw: string) => {
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

  const clear = useCallback(() => {
    if (busy.current) return;
    setValues(emptyContactValues);
    setErrors({});
    pending.current = null;
    dispatch({ type: 'cleared' });
  }, []);

  /**
   * Validates and sends. Returns the first invalid field (for focus) or null. A filled
   * honeypot means a bot: it is shown success and nothing is written.
   */
  const submit = useCallback(
    async (honeypot: string): Promise<ContactField | null> => {
      if (busy.current) return null;
      const found = validateContact(values);
      setErrors(found);
      if (hasErrors(found)) return contactFields.find((field) => found[field]) ?? null;

      const submission = normalizeContactValues(values);
      const key = JSON.stringify(submission);
      if (pending.current?.key !== key) pending.current = { id: newId(), key };
      const { id } = pending.current;

      busy.current = true;
      dispatch({ type: 'submit', id });
      try {
        if (honeypot.trim() === '') await writeContact(id, submission);
        pending.current = null;
        setValues(emptyContactValues);
        setErrors({});
        dispatch({ type: 'succeeded' });
      } catch {
        // The writer has logged the cause; the visitor's text stays for another try.
        dispatch({ type: 'failed' });
      } finally {
        busy.current = false;
      }
      return null;
    },
    [values, writeContact, newId],
  );

  const dismiss = useCallback(() => dispatch({ type: 'dismissed' }), []);

  return { values, errors, state, change, clear, submit, dismiss };
}
