import {
  binomialCdf,
  hypergeometricCdf,
  normalCdf,
  normalQuantile,
} from '../canary-distributions.cjs';

/** Relative closeness, for values that span hundreds of orders of magnitude. */
function expectNear(actual: number, expected: number, relative: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected));
}

// Reference values: @stdlib/stats-base-dists-* 0.2-0.3 (the packages these functions replace)
// and Python's math.erfc for the normal rows; the first binomial and hypergeometric checks are
// exact closed forms.
describe('the canary’s distributions against reference values', () => {
  it('binomial lower tails', () => {
    expect(binomialCdf(0, 10, 0.2)).toBeCloseTo(0.8 ** 10, 15);
    for (const [k, n, p, expected] of [
      [2, 100, 0.05, 0.11826298118512041],
      [30, 12000, 0.005, 0.000013635260449868389],
      [7, 40, 0.5, 0.000021138511328899767],
      [990, 1000, 0.999, 1.0742833868464966e-7],
    ] as const)
      expectNear(binomialCdf(k, n, p), expected, 1e-9);
    expect(binomialCdf(-1, 10, 0.5)).toBe(0);
    expect(binomialCdf(10, 10, 0.5)).toBe(1);
  });

  it('hypergeometric lower tails, tiny ones to their digits', () => {
    // 0 misses among 3 draws of 23 with 20 misses: 1 / C(23, 3).
    expectNear(hypergeometricCdf(0, 23, 20, 3), 1 / 1771, 1e-12);
    for (const [k, N, K, n, expected] of [
      [0, 23, 20, 3, 0.0005646527385657759],
      [2, 60, 10, 12, 0.6840200854749927],
      [20, 4040, 4000, 40, 3.2840064409959006e-32],
      [3, 100, 30, 10, 0.6540199886607636],
    ] as const)
      expectNear(hypergeometricCdf(k, N, K, n), expected, 1e-9);
    expect(hypergeometricCdf(450, 50000, 600, 5000)).toBe(1);
  });

  it('the normal distribution function, deep into the lower tail', () => {
    for (const [x, expected] of [
      [-37, 5.725571222525139e-300],
      [-20, 2.7536241186063314e-89],
      [-8.5, 9.479534822203355e-18],
      [-3, 0.0013498980316300957],
      [-1.96, 0.024997895148220435],
      [0, 0.5],
      [0.5, 0.6914624612740131],
      [2.5, 0.9937903346742238],
      [3.7, 0.9998922002665226],
    ] as const)
      expectNear(normalCdf(x, 0, 1), expected, 1e-12);
    expectNear(normalCdf(130, 100, 10), 0.9986501019683699, 1e-12);
  });

  it('the normal quantile', () => {
    for (const [p, expected] of [
      // This one from Python's math.erfc: @stdlib's quantile is 3e-6 off here.
      [1e-12, -7.034483825301131],
      [0.001, -3.090232306167813],
      [0.025, -1.9599639845400538],
      [0.975, 1.9599639845400538],
      [0.99, 2.3263478740408408],
    ] as const)
      expectNear(normalQuantile(p, 0, 1), expected, 1e-12);
    expect(Math.abs(normalQuantile(0.5, 0, 1))).toBeLessThan(1e-15);
    expect(normalQuantile(0, 0, 1)).toBe(Number.NEGATIVE_INFINITY);
  });
});
