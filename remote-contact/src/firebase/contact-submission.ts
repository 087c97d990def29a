import type { ContactField } from 'remote-shared/contact-content';

/** The five fields as stored in users/{id}, already trimmed and valid; message "" when empty. */
export type ContactSubmission = Readonly<Record<ContactField, string>>;

/**
 * Both mean Firestore answered that users/{id} was written: by this call, or by an earlier
 * attempt with the same id whose answer arrived.
 */
export type WriteOutcome = 'created' | 'already-stored';

/**
 * What the form observed while it was filled, stored for the notification function to judge
 * (the browser never decides what is spam; see functions/src/spam-score.ts): whether the hidden
 * field only bots fill was filled, and whole seconds from the first keystroke to the submit.
 */
export interface FormSignals {
  readonly honeypot: boolean;
  readonly formSeconds: number | null;
}

/** Stores one submission under `id`. Resolves only once stored; rejects with ContactWriteError. */
export type WriteContact = (
  id: string,
  submission: ContactSubmission,
  signals?: FormSignals,
) => Promise<WriteOutcome>;

/** What the page needs of a writer. */
export interface ContactWriter {
  readonly write: WriteContact;
  /** Starts downloading what writing needs (settings, SDK, App Check), e.g. on first use. */
  readonly preload: () => void;
}

/**
 * Why a write did not succeed, as far as the writer knows:
 * - timeout: no answer in time; the request may or may not have been stored;
 * - unavailable: the network failed (offline, nothing listening);
 * - refused: Firestore refused the write and no earlier attempt with this id is in doubt;
 * - unconfirmed: refused, an earlier attempt with this id went unanswered, and the client's
 *   record could not settle whether it landed: unknown, said so;
 * - too-soon: this client stored a request less than the interval ago (the per-client ceiling);
 *   `retryAt` says when the next one is allowed;
 * - configuration: the settings file or SDK could not be used.
 */
export type ContactWriteFailure =
  'timeout' | 'unavailable' | 'refused' | 'unconfirmed' | 'too-soon' | 'configuration';

export class ContactWriteError extends Error {
  override name = 'ContactWriteError';
  /** For 'too-soon': when this client may send again (the server's time, as a Date). */
  readonly retryAt?: Date;
  constructor(
    readonly reason: ContactWriteFailure,
    message: string,
    options?: { cause?: unknown; retryAt?: Date },
  ) {
    super(message, options);
    if (options?.retryAt) this.retryAt = options.retryAt;
  }
}
