import startupSlicesPlugin from '../startup-slices-plugin';

type Hooks = { beforeInitRemote: () => unknown; beforeGetExpose: () => unknown };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('startupSlicesPlugin', () => {
  it.each(['beforeInitRemote', 'beforeGetExpose'] as const)(
    'lets the runtime go on after %s only in a task of its own',
    async (hook) => {
      const plugin = startupSlicesPlugin() as unknown as Hooks;
      let resumed = false;
      // What the runtime does with an async hook's answer: it waits for it.
      const step = Promise.resolve(plugin[hook]()).then(() => {
        resumed = true;
      });
      // The current task's microtasks all run, and the runtime has not gone on.
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
      expect(resumed).toBe(false);
      // The next task (a timer) lets it.
      jest.runOnlyPendingTimers();
      await step;
      expect(resumed).toBe(true);
    },
  );
});
