// @ts-check
const { createAppConfigs } = require('../federation/build/create-server-config.cjs');
const contract = require('./federation.config.cjs');

/** @type {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration | import('webpack').Configuration[]} */
module.exports = (_env, argv) => createAppConfigs(contract, __dirname, argv);
