import type { ContactWriteFailure } from '../../firebase/contact-submission';

/**
 * The submit flow as a pure state machine: editing -> sending -> (editing | failed).
 * Whether a submit may start is the form's one guard (Submit is disabled while sending).
 */

/** One submission being tried: its document id, and the values it carries. */
export interface Attempt {
  readonly id: string;
  /** The stored values, serialised: an unchanged retry reuses the id, so it cannot duplicate. */
  readonly key: string;
}

export type SubmitState =
  | { readonly status: 'editing' }
  | { readonly status: 'sending'; readonly attempt: Attempt }
  | {
      readonly status: 'failed';
      readonly attempt: Attempt;
      readonly reason: ContactWriteFailure;
      /** For 'too-soon': when another request is allowed (ms since the epoch). */
      readonly retryAt?: number;
    };

export type SubmitEvent =
  | { readonly type: 'submit'; readonly attempt: Attempt }
  | { readonly type: 'succeeded' }
  | { readonly type: 'failed'; readonly reason: ContactWriteFailure; readonly retryAt?: number }
  /** Clear was pressed. */
  | { readonly type: 'cleared' };

export const initialSubmitState: SubmitState = { status: 'editing' };

export function submitReducer(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event.type) {
    case 'submit':
      return { status: 'sending', attempt: event.attempt };
    case 'succeeded':
      return { status: 'editing' };
    case 'failed':
      if (state.status !== 'sending') return state;
      return event.retryAt === undefined
        ? { status: 'failed', attempt: state.attempt, reason: event.reason }
        : {
            status: 'failed',
            attempt: state.attempt,
            reason: event.reason,
            retryAt: event.retryAt,
          };
    case 'cleared':
      return { status: 'editing' };
  }
}

/** The attempt to reuse for `key`: the failed one if nothing changed since, else a new one. */
export function attemptFor(state: SubmitState, key: string, newId: () => string): Attempt {
  return state.status === 'failed' && state.attempt.key === key
    ? state.attempt
    : { id: newId(), key };
}
