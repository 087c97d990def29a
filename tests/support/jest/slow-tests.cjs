// @ts-check
// Integration and browser tests drive a real emulator and a real browser: give them time.
jest.setTimeout(60_000);
