// @ts-check
/**
 * Ports and settings of the test stack. Tests use their own ports (4000-4003, Firestore
 * emulator 8180, Auth emulator 9199 with 9200-9201) so `npm test` never disturbs a site a
 * developer is running with `npm start`.
 */
const { auth, firestore } = require('../../platform/apps.cjs');
const { portsFrom } = require('../stack/stack.cjs');
const env = require('../cli/env.cjs');

// Several test runs on one machine (parallel work, CI beside a developer) can pick other
// ports: TEST_PORT_BASE moves the site, TEST_EMULATOR_PORT the Firestore emulator,
// TEST_AUTH_PORT the Auth emulator.
const base = env.port('TEST_PORT_BASE');

const testPorts = portsFrom(base);

const testEmulator = {
  host: '127.0.0.1',
  port: env.port('TEST_EMULATOR_PORT'),
  projectId: firestore.projectId,
};

const testAuthEmulator = {
  host: '127.0.0.1',
  port: env.port('TEST_AUTH_PORT'),
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
