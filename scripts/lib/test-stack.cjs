// @ts-check
/**
 * Ports and settings of the test stack. Tests use their own ports (4000-4003, emulator 8180)
 * so `npm test` never disturbs a site a developer is running with `npm start`.
 */
const { firestore } = require('./apps.cjs');
const { portsFrom } = require('./stack.cjs');

// Several test runs on one machine (parallel work, CI beside a developer) can pick other
// ports: TEST_PORT_BASE moves the site, TEST_EMULATOR_PORT the emulator.
const base = Number(process.env.TEST_PORT_BASE ?? 4000);

const testPorts = portsFrom(base);

const testEmulator = {
  host: '127.0.0.1',
  port: Number(process.env.TEST_EMULATOR_PORT ?? 8180),
  projectId: firestore.projectId,
};

module.exports = { testPorts, testEmulator };
