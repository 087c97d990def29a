import { initialSubmitState, isSending, submitReducer, type SubmitState } from '../submit-machine';

const sending: SubmitState = { status: 'sending', id: 'abc' };

describe('submitReducer', () => {
  it('starts editing', () => {
    expect(initialSubmitState).toEqual({ status: 'editing' });
  });

  it('goes to sending on submit, keeping the document id', () => {
    const next = submitReducer(initialSubmitState, { type: 'submit', id: 'abc' });
    expect(next).toEqual(sending);
    expect(isSending(next)).toBe(true);
  });

  it('ignores a second submit while sending (a double click)', () => {
    expect(submitReducer(sending, { type: 'submit', id: 'other' })).toBe(sending);
  });

  it('goes to sent on success and back to editing when the popup is dismissed', () => {
    const sent = submitReducer(sending, { type: 'succeeded' });
    expect(sent).toEqual({ status: 'sent' });
    expect(submitReducer(sent, { type: 'dismissed' })).toEqual({ status: 'editing' });
  });

  it('goes to failed on failure, remembering the id for a retry', () => {
    const failed = submitReducer(sending, { type: 'failed' });
    expect(failed).toEqual({ status: 'failed', id: 'abc' });
    expect(submitReducer(failed, { type: 'submit', id: 'abc' })).toEqual(sending);
  });

  it('clears a failure, but not a send in flight', () => {
    expect(submitReducer({ status: 'failed', id: 'abc' }, { type: 'cleared' })).toEqual({
      status: 'editing',
    });
    expect(submitReducer(sending, { type: 'cleared' })).toBe(sending);
  });

  it('ignores answers that arrive when nothing is being sent', () => {
    expect(submitReducer(initialSubmitState, { type: 'succeeded' })).toBe(initialSubmitState);
    expect(submitReducer(initialSubmitState, { type: 'failed' })).toBe(initialSubmitState);
    expect(submitReducer(initialSubmitState, { type: 'dismissed' })).toBe(initialSubmitState);
  });
});
