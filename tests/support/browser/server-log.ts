import fs from 'node:fs';

/**
 * What the render server logs while this test file runs: the stack runs it as a child whose
 * lines go, prefixed "[render server] ", to the file's servers' log
 * (tests/support/jest/stack-log-environment.cjs). With LOG_FORMAT=json each is one object, as
 * Cloud Logging would read it. Call at a file's top level; it reads from beforeAll on.
 */
export function watchServerLog(): { lines: () => Record<string, unknown>[]; clear: () => void } {
  const file = (globalThis as { __stackLogFile?: string }).__stackLogFile;
  if (!file) throw new Error('watchServerLog needs the stack-log test environment');
  const size = () => fs.statSync(file).size;
  let from = 0;
  beforeAll(() => {
    from = size();
  });
  return {
    lines: () =>
      fs
        .readFileSync(file)
        .subarray(from)
        .toString('utf8')
        .split('\n')
        .flatMap((line) => {
          const json = /^\[render server\] (\{.*\})$/.exec(line)?.[1];
          if (!json) return [];
          try {
            return [JSON.parse(json) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    clear: () => {
      from = size();
    },
  };
}
