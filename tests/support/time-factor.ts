/**
 * The suite's time factor for this test file (measured when it started, see
 * tools/test/time-factor.cjs): every time bound a test sets is a base figure times it.
 */
function timeFactor(): number {
  const factor = Number(process.env.TEST_TIME_FACTOR);
  return Number.isFinite(factor) && factor >= 1 ? factor : 1;
}

/** `ms` on this machine right now. */
export function scaled(ms: number): number {
  return Math.round(ms * timeFactor());
}
