// @ts-check
/**
 * Ports and settings of the test stack. Tests use their own ports (4000-4003, Firestore
 * emulator 8180, Auth emulator 9199 with 9200-9201) so `npm test` never disturbs a site a
 * developer is running with `npm start`.
 */
const { auth, firestore } = require('../../platform/apps.cjs');
const { portsFrom } = require('../stack/stack.cjs');

// Several test runs on one machine (parallel work, CI beside a developer) can pick other
// ports: TEST_PORT_BASE moves the site, TEST_EMULATOR_PORT the Firestore emulator,
// TEST_AUTH_PORT the Auth emulator.
const base = Number(process.env.TEST_PORT_BASE ?? 4000);

const testPorts = portsFrom(base);

const testEmulator = {
  host: '127.0.0.1',
  port: Number(process.env.TEST_EMULATOR_PORT ?? 8180),
  projectId: firestore.projectId,
};

const testAuthEmulator = {
  host: '127.0.0.1',
  port: Number(process.env.TEST_AUTH_PORT ?? 9199),
  projectId: auth.projectId,
};

/**
 * Ports for a whole `npm start` run by a test (ten above the test stack's), passed through the
 * variables `npm start` reads.
 */
const npmStartTestEnv = {
  FIRSTDAY_PORT_BASE: String(base + 10),
  FIRSTDAY_EMULATOR_PORT: String(testEmulator.port + 10),
  FIRSTDAY_AUTH_PORT: String(testAuthEmulator.port + 10),
};

module.exports = { testPorts, testEmulator, testAuthEmulator, npmStartTestEnv };
