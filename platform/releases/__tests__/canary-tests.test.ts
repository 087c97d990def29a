import { binomialAtLeast, binomialAtMost, fisherGreater, rankTestGreater } from '../canary-tests.cjs';

describe('the judge’s tests', () => {
  it("Fisher's exact test matches the hypergeometric tail, and keeps tiny p-values", () => {
    // 3 of 3 canary views against 0 of 20 live: 1 / C(23, 3).
    expect(fisherGreater(3, 3, 0, 20)).toBeCloseTo(1 / 1771, 10);
    expect(fisherGreater(0, 10, 5, 100)).toBe(1);
    const tiny = fisherGreater(40, 40, 0, 4000);
    expect(tiny).toBeGreaterThan(0);
    expect(tiny).toBeLessThan(1e-60);
  });

  it('binomial tails, both ways', () => {
    expect(binomialAtLeast(10, 10, 0.2)).toBeCloseTo(0.2 ** 10, 15);
    expect(binomialAtMost(0, 10, 0.2)).toBeCloseTo(0.8 ** 10, 12);
    expect(binomialAtLeast(0, 10, 0.2)).toBe(1);
  });

  it('the rank test finds a shifted histogram and not an equal one', () => {
    const live = { b10: 50, b11: 100, b12: 50 };
    expect(rankTestGreater({ b10: 5, b11: 10, b12: 5 }, live)).toBeGreaterThan(0.3);
    expect(rankTestGreater({ b12: 10, b13: 20, b14: 10 }, live)).toBeLessThan(1e-6);
    expect(rankTestGreater({}, live)).toBe(1);
  });
});
