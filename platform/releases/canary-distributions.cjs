// @ts-check
/**
 * The four distribution functions the canary's judge needs, written out (a decision record,
 * docs/decisions/0020-canary-statistics.md, says why not a package). Each is computed so that a
 * small lower tail keeps its relative precision: the judge reads upper tails as the lower tails
 * of their mirrors, and compares p-values of 1e-9 and below with its per-look level.
 */

/** Lanczos coefficients (g = 7, 9 terms): ln Γ to about 15 significant digits. */
const lanczos = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. @param {number} x @returns {number} */
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = lanczos[0] ?? 0;
  for (let index = 1; index < lanczos.length; index += 1)
    sum += (lanczos[index] ?? 0) / (z + index);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln C(n, k). @param {number} n @param {number} k */
const logChoose = (n, k) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/**
 * The continued fraction of the regularized incomplete beta function (modified Lentz), which
 * converges fast for x < (a + 1) / (a + b + 2).
 * @param {number} x @param {number} a @param {number} b
 */
function betaFraction(x, a, b) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m += 1) {
    const m2 = 2 * m;
    let step = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + step * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + step / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    step = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + step * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + step / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). @param {number} x @param {number} a @param {number} b */
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront =
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaFraction(x, a, b)) / a;
  return 1 - (Math.exp(logFront) * betaFraction(1 - x, b, a)) / b;
}

/**
 * P(X ≤ k) for X ~ Binomial(n, p).
 * @param {number} k @param {number} n @param {number} p
 */
function binomialCdf(k, n, p) {
  const x = Math.floor(k);
  if (x < 0) return 0;
  if (x >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  // P(X ≤ k) = I_{1-p}(n - k, k + 1).
  return incompleteBeta(1 - p, n - x, x + 1);
}

/**
 * P(X ≤ k) for X ~ Hypergeometric(N, K, n): draws `n` of `N`, of which `K` are hits. Summed
 * from the side of k away from the mode, term by term with the pmf's ratio, until the terms no
 * longer change the sum.
 * @param {number} k @param {number} N @param {number} K @param {number} n
 */
function hypergeometricCdf(k, N, K, n) {
  const low = Math.max(0, n + K - N);
  const high = Math.min(n, K);
  const x = Math.floor(k);
  if (x < low) return 0;
  if (x >= high) return 1;
  const logPmf = (/** @type {number} */ i) =>
    logChoose(K, i) + logChoose(N - K, n - i) - logChoose(N, n);
  const mode = Math.floor(((n + 1) * (K + 1)) / (N + 2));
  // pmf(i + 1) / pmf(i) = (K - i)(n - i) / ((i + 1)(N - K - n + i + 1))
  const up = (/** @type {number} */ i) => ((K - i) * (n - i)) / ((i + 1) * (N - K - n + i + 1));
  if (x <= mode) {
    let term = Math.exp(logPmf(x));
    let sum = term;
    for (let i = x; i > low; i -= 1) {
      term /= up(i - 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return Math.min(1, sum);
  }
  let term = Math.exp(logPmf(x + 1));
  let upper = term;
  for (let i = x + 1; i < high; i += 1) {
    term *= up(i);
    upper += term;
    if (term < upper * 1e-17) break;
  }
  return Math.max(0, 1 - upper);
}

/**
 * Φ(x), the standard normal distribution function: Marsaglia's series near the middle, the
 * Laplace continued fraction in the tails (where it keeps the tail's relative precision).
 * @param {number} x
 */
function standardNormalCdf(x) {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < -40) return 0;
  if (x > 40) return 1;
  const density = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  if (Math.abs(x) < 3) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); n += 1) {
      term *= (x * x) / (2 * n + 1);
      sum += term;
    }
    return 0.5 + density * sum;
  }
  const z = Math.abs(x);
  // Q(z) = φ(z) / (z + 1/(z + 2/(z + 3/(z + …)))), evaluated from the bottom up.
  let fraction = z;
  for (let n = 120; n >= 1; n -= 1) fraction = z + n / fraction;
  const tail = density / fraction;
  return x < 0 ? tail : 1 - tail;
}

/**
 * Φ(x; mean, sd).
 * @param {number} x @param {number} [mean] @param {number} [sd]
 */
const normalCdf = (x, mean = 0, sd = 1) => standardNormalCdf((x - mean) / sd);

/**
 * The normal quantile: the x with Φ(x; mean, sd) = p, found by bisection to the last bit (the
 * judge asks for it a few times per look, to estimate the views still needed).
 * @param {number} p @param {number} [mean] @param {number} [sd]
 */
function normalQuantile(p, mean = 0, sd = 1) {
  if (Number.isNaN(p) || p < 0 || p > 1) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  let low = -40;
  let high = 40;
  for (let step = 0; step < 200 && high - low > 1e-15 * Math.max(1, Math.abs(low)); step += 1) {
    const middle = (low + high) / 2;
    if (standardNormalCdf(middle) < p) low = middle;
    else high = middle;
  }
  return mean + sd * ((low + high) / 2);
}

module.exports = { binomialCdf, hypergeometricCdf, normalCdf, normalQuantile };
