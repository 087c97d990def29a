// @ts-check
/**
 * Ports and settings of the test stack. Tests use their own ports (4000-4003, emulator 8180)
 * so `npm test` never disturbs a site a developer is running with `npm start`.
 */
const { firestore } = require('./apps.cjs');

/** @type {import('./stack.cjs').Ports} */
const testPorts = {
  shell: 4000,
  'remote-home': 4001,
  'remote-contact': 4002,
  'remote-shared': 4003,
};

const testEmulator = { host: '127.0.0.1', port: 8180, projectId: firestore.projectId };

module.exports = { testPorts, testEmulator };
