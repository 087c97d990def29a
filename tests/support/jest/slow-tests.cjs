// @ts-check
// Integration and browser tests drive a real emulator and a real browser: give them time, as
// much more as the machine is slower right now (tools/test/time-factor.cjs). The factor is kept
// in this file's environment so every bound in it scales alike (tests/support/time-factor.ts).
const { timeFactor } = require('../../../tools/test/time-factor.cjs');

const factor = timeFactor();
process.env.TEST_TIME_FACTOR = String(factor);
jest.setTimeout(60_000 * factor);
