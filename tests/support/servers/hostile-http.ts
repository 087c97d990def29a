import hostile from '../../../tools/hostile/hostile-requests.cjs';

type HostileCase = ReturnType<typeof hostile.fileCases>[number];

/**
 * Runs hostile requests against a server as jest cases: each answered as HTTP says, and the
 * server still answering `/` with 200 after every one.
 */
export function describeHostileCases(
  title: string,
  origin: () => string,
  cases: () => HostileCase[],
  file: () => Buffer,
): void {
  describe(title, () => {
    afterEach(async () => {
      expect((await hostile.rawRequest(origin(), '/')).status).toBe(200);
    });
    // Names are known before the server starts; the cases themselves are read when they run.
    for (const [index, { name }] of cases().entries()) {
      it(name, async () => {
        const hostileCase = cases()[index] as HostileCase;
        const answer = await hostile.rawRequest(origin(), hostileCase.path, {
          method: hostileCase.method,
          headers: hostileCase.headers,
        });
        expect(hostileCase.check(answer, file())).toBeUndefined();
      });
    }
  });
}
