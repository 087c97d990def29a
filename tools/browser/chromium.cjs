// @ts-check
/**
 * Debian's Chromium, as browser tests and the benchmark drive it. Test tools cannot download
 * browsers on these machines, so everything goes through this one executable and these flags.
 */
const env = require('../cli/env.cjs');

const executablePath = /** @type {string} */ (env.text('CHROME_PATH'));

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

module.exports = { executablePath, chromiumFlags };
