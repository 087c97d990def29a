import { logLinesSince, logSize } from '../jest/stack-log.cjs';

/**
 * What the render server logs while this test file runs: the stack runs it as a child whose
 * lines go, prefixed "[render server] ", to the file's servers' log
 * (tests/support/jest/stack-log-environment.cjs). With LOG_FORMAT=json each is one object, as
 * Cloud Logging would read it. Call at a file's top level; it reads from beforeAll on.
 */
export function watchServerLog(): { lines: () => Record<string, unknown>[]; clear: () => void } {
  const file = (globalThis as { __stackLogFile?: string }).__stackLogFile;
  if (!file) throw new Error('watchServerLog needs the stack-log test environment');
  let from = 0;
  beforeAll(() => {
    from = logSize(file);
  });
  return {
    lines: () =>
      logLinesSince(file, from).flatMap((line) => {
        const json = /^\[render server\] (\{.*\})$/.exec(line)?.[1];
        if (!json) return [];
        try {
          return [JSON.parse(json) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    clear: () => {
      from = logSize(file);
    },
  };
}
