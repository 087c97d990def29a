// @ts-check
// Integration and browser tests drive a real emulator and a real browser: give them a minute
// by default. A base figure, as every bound a test sets: the test environment scales each by
// the machine's time factor as the test starts (tests/support/jest/stack-log-environment.cjs).
jest.setTimeout(60_000);
