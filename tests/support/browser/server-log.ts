/**
 * What the render server logs, as this test process sees it: the stack runs it as a child whose
 * lines reach our output prefixed "[render server] ". With LOG_FORMAT=json each is one object,
 * as Cloud Logging would read it. Call in a file's beforeAll (or at its top level).
 */
export function watchServerLog(): { lines: () => Record<string, unknown>[]; clear: () => void } {
  const chunks: string[] = [];
  beforeAll(() => {
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      jest.spyOn(stream, 'write').mockImplementation((chunk, ...rest) => {
        chunks.push(String(chunk));
        return write(chunk, ...(rest as []));
      });
    }
  });
  afterAll(() => jest.restoreAllMocks());
  return {
    lines: () =>
      chunks
        .join('')
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
    clear: () => void chunks.splice(0),
  };
}
