// @ts-check
const path = require('node:path');
const {
  createAppConfigs,
  createRenderServerConfig,
} = require('../federation/build/create-server-config.cjs');
const contract = require('./federation.config.cjs');

/**
 * The shell's builds. In production its server folder (dist-server) is one deployable: the
 * shell's render worker and the render server that runs it, built from its own workspace, so a
 * shell build or release always carries both.
 * @type {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration | import('webpack').Configuration[]}
 */
module.exports = (_env, argv) => {
  const builds = createAppConfigs(contract, __dirname, argv);
  if (argv.mode === 'development' || !Array.isArray(builds)) return builds;
  return [...builds, createRenderServerConfig(path.join(__dirname, '..', 'render-server'))];
};
