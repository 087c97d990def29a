import trafficModel from '../traffic-model.cjs';

describe('the canary judge on the bench’s model of real visitors', () => {
  it('rolls back error share ×5 at 5,000 views/h within 2 h on a seeded run the visitor count alone does not', () => {
    // A bench seed (error share ×5, 5,000 views/h, run 3) whose erring visitors alone were not
    // significant at any look of the first 2 h: the erring views per view are.
    let reasons: string[] = [];
    const outcome = trafficModel.simulateRun({
      viewsPerHour: 5000,
      lookEveryMs: 5 * 60_000,
      durationMs: 2 * 3_600_000,
      defect: { errorFactor: 5 },
      seed: 31 * 1_000_003 + (5000 * 7 + 1) * 10_007 + 3,
      onVerdict: (_, verdict) => {
        reasons = verdict.reasons;
      },
    });
    expect(outcome.rollbackAt).not.toBeNull();
    expect(outcome.rollbackAt ?? Infinity).toBeLessThanOrEqual(2 * 3_600_000);
    expect(reasons.join('\n')).toMatch(
      /whole site \(whole run\): views with an error or a failed load .* visitor by visitor/,
    );
  });
});
