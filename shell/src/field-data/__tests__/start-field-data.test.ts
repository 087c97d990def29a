import type { ServerState } from '../../server-state/server-state';
import { watchPageTrouble } from '../page-trouble';
import { fieldDataIdleTimeoutMs, startFieldData } from '../start-field-data';

const state: ServerState = {
  remotes: {} as ServerState['remotes'],
  manifests: {},
  unavailable: [],
};

/** A window whose idle callbacks are recorded, not run. */
function idleWindow() {
  const idle: { timeout?: number }[] = [];
  const target = {
    requestIdleCallback: (_work: () => void, options?: { timeout?: number }) =>
      idle.push({ ...options }),
  } as unknown as Window;
  return { target, idle };
}

describe('startFieldData', () => {
  const trouble = watchPageTrouble(window);

  it('starts the field data at idle on a page tagged with its version set', () => {
    const { target, idle } = idleWindow();
    startFieldData(
      { ...state, field: { set: '0123456789ab', lane: 'live' } },
      '/',
      trouble,
      target,
    );
    expect(idle).toEqual([{ timeout: fieldDataIdleTimeoutMs }]);
  });

  it('reports nothing from untagged pages: the fallback page, standalone development', () => {
    const { target, idle } = idleWindow();
    startFieldData(null, '/', trouble, target);
    startFieldData(state, '/', trouble, target);
    expect(idle).toEqual([]);
  });
});
