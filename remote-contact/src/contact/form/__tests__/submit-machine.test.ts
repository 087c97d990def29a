import { attemptFor, initialSubmitState, submitReducer, type SubmitState } from '../submit-machine';

const attempt = { id: 'abc', key: '{"name":"Ada"}' };
const sending: SubmitState = { status: 'sending', attempt };

describe('submitReducer', () => {
  it('starts editing', () => {
    expect(initialSubmitState).toEqual({ status: 'editing' });
  });

  it('goes to sending on submit, keeping the attempt', () => {
    expect(submitReducer(initialSubmitState, { type: 'submit', attempt })).toEqual(sending);
  });

  it('goes back to editing on success', () => {
    expect(submitReducer(sending, { type: 'succeeded' })).toEqual({ status: 'editing' });
  });

  it('goes to failed on failure, with the reason and the attempt for a retry', () => {
    expect(submitReducer(sending, { type: 'failed', reason: 'refused' })).toEqual({
      status: 'failed',
      attempt,
      reason: 'refused',
    });
  });

  it('clears a failure', () => {
    const failed: SubmitState = { status: 'failed', attempt, reason: 'timeout' };
    expect(submitReducer(failed, { type: 'cleared' })).toEqual({ status: 'editing' });
  });
});

describe('attemptFor', () => {
  const newId = () => 'fresh';

  it('reuses the failed attempt for the same values, so a retry cannot duplicate', () => {
    const failed: SubmitState = { status: 'failed', attempt, reason: 'timeout' };
    expect(attemptFor(failed, attempt.key, newId)).toBe(attempt);
  });

  it('makes a new id for changed values or a new request', () => {
    const failed: SubmitState = { status: 'failed', attempt, reason: 'timeout' };
    expect(attemptFor(failed, '{"name":"Grace"}', newId)).toEqual({
      id: 'fresh',
      key: '{"name":"Grace"}',
    });
    expect(attemptFor(initialSubmitState, attempt.key, newId).id).toBe('fresh');
  });
});
