import type { ContactField } from 'remote-shared/content';

/** The five fields as stored in users/{id}, already trimmed and valid; message "" when empty. */
export type ContactSubmission = Readonly<Record<ContactField, string>>;

/** Created now, or found already stored by an earlier attempt with the same id. */
export type WriteOutcome = 'created' | 'already-stored';

/** Stores one submission under `id`. Resolves once stored; rejects with ContactWriteError. */
export type WriteContact = (id: string, submission: ContactSubmission) => Promise<WriteOutcome>;

export type ContactWriteFailure = 'timeout' | 'denied' | 'unavailable' | 'configuration';

export class ContactWriteError extends Error {
  override name = 'ContactWriteError';
  constructor(
    readonly reason: ContactWriteFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
