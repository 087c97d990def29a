/**
 * The submit flow as a pure state machine, so every transition is testable without React:
 * editing -> sending -> (sent | failed), and back to editing.
 */
export type SubmitState =
  | { readonly status: 'editing' }
  | { readonly status: 'sending'; readonly id: string }
  | { readonly status: 'sent' }
  | { readonly status: 'failed'; readonly id: string };

export type SubmitEvent =
  /** Valid values were submitted; `id` names the document the write will create. */
  | { readonly type: 'submit'; readonly id: string }
  | { readonly type: 'succeeded' }
  | { readonly type: 'failed' }
  /** The thank-you popup was closed. */
  | { readonly type: 'dismissed' }
  /** Clear was pressed. */
  | { readonly type: 'cleared' };

export const initialSubmitState: SubmitState = { status: 'editing' };

export function submitReducer(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event.type) {
    case 'submit':
      // A second submit while one is in flight (a double click) changes nothing.
      return state.status === 'sending' ? state : { status: 'sending', id: event.id };
    case 'succeeded':
      return state.status === 'sending' ? { status: 'sent' } : state;
    case 'failed':
      return state.status === 'sending' ? { status: 'failed', id: state.id } : state;
    case 'dismissed':
      return state.status === 'sent' ? { status: 'editing' } : state;
    case 'cleared':
      return state.status === 'sending' ? state : { status: 'editing' };
  }
}

export const isSending = (state: SubmitState): boolean => state.status === 'sending';
