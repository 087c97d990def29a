import { clientBudget } from '../../../../platform/field-data/client-budget.cjs';
import { createClientBudgets } from '../client-budget';

const view = { view: true, errors: 0, failedLoads: 0 };

describe('createClientBudgets', () => {
  it('counts at most one error and one failed load per beacon', () => {
    const count = createClientBudgets(10);
    expect(count('a', 'canary', { view: true, errors: 100, failedLoads: 7 }, 0)).toEqual({
      view: true,
      error: 1,
      failedLoad: 1,
      cut: false,
    });
  });

  it("caps one client's views and error views per lane and hour, then starts afresh", () => {
    const count = createClientBudgets(10);
    const counted = Array.from({ length: 200 }, () =>
      count('a', 'canary', { ...view, errors: 100 }, 1000),
    );
    expect(counted.filter((c) => c.view)).toHaveLength(clientBudget.views);
    expect(counted.filter((c) => c.error === 1)).toHaveLength(clientBudget.errorViews);
    expect(counted.at(-1)?.cut).toBe(true);
    // Another lane, another client: budgets of their own.
    expect(count('a', 'live', view, 1000).view).toBe(true);
    expect(count('b', 'canary', view, 1000).view).toBe(true);
    expect(count('a', 'canary', view, 1000 + clientBudget.windowMs).view).toBe(true);
  });
});
