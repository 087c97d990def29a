// @ts-check
const { createAppConfig } = require('../scripts/build/create-app-config.cjs');
const contract = require('./federation.config.cjs');

/** @type {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration} */
module.exports = (_env, argv) => createAppConfig(contract, __dirname, argv);
