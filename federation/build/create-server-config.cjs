// @ts-check
/**
 * The Node builds that server rendering needs, beside each app's browser build:
 * - a remote's server build (dist/server/): the modules it exposes, compiled for Node, with a
 *   manifest of its own, loaded over HTTP by the shell's render server;
 * - the shell's render worker (the federation host that renders a page) and the render server's
 *   HTTP process.
 * CSS-module class names are made exactly as in the browser build, or hydration would not
 * match; media keep their hashed names and are not emitted twice.
 */
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { apps, serverManifestUrl } = require('../../platform/apps.cjs');
const { distOf, serverDistOf } = require('../../platform/build-paths.cjs');
const { sharedDependencies } = require('./shared-dependencies.cjs');
const { runtimePlugin } = require('./runtime-plugins.cjs');
const { moduleRules } = require('./loaders.cjs');
const {
  createAppConfig,
  dropBuildMachineFiles,
  stampBuildVersion,
} = require('./create-app-config.cjs');
const { buildVersionOf } = require('./build-version.cjs');

/**
 * The federation options of every server build: remotes at their server manifests, loaded by
 * Node's runtime plugin, with the remote locations and the build's own runtime plugin.
 * @param {import('./create-app-config.cjs').FederationContract} contract
 * @param {string} ownPlugin
 */
function serverFederation(contract, ownPlugin) {
  return {
    remoteType: /** @type {const} */ ('script'),
    remotes: Object.fromEntries(
      (contract.remotes ?? []).map((id) => [id, `${apps[id].container}@${serverManifestUrl(id)}`]),
    ),
    shared: sharedDependencies(),
    shareStrategy: /** @type {const} */ ('loaded-first'),
    runtimePlugins: [
      require.resolve('@module-federation/node/runtimePlugin'),
      runtimePlugin('remote-locations-plugin.ts'),
      runtimePlugin(ownPlugin),
    ],
    dts: false,
  };
}

/**
 * A remote's server build, in dist/server beside the browser build: its own remoteEntry.js,
 * chunks and manifest. The render worker sets its public path to the browser build's URL, so
 * media resolve to the files the browser uses and chunks to server/ below them.
 * @param {import('./create-app-config.cjs').FederationContract} contract
 * @param {string} appDir
 * @returns {import('webpack').Configuration}
 */
function createRemoteServerConfig(contract, appDir) {
  const { container } = apps[contract.app];
  return {
    name: `${contract.app}-server`,
    mode: 'production',
    context: appDir,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: distOf(contract.app),
      publicPath: '',
      filename: 'server/[name].js',
      chunkFilename: 'server/[name].[contenthash:8].js',
      assetModuleFilename: 'media/[name].[contenthash:8][ext]',
      uniqueName: `${container}_server`,
      // The browser build owns dist/ and keeps server/ for this one.
      clean: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules(contract.app, appDir, { production: true, server: true }) },
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name: container,
        filename: 'server/remoteEntry.js',
        library: { type: 'commonjs-module', name: container },
        exposes: contract.exposes ?? {},
        ...serverFederation(contract, 'server-public-path-plugin.ts'),
        manifest: {
          filePath: 'server',
          // The entry is found beside wherever the manifest was fetched from, as in the
          // browser build (the build's own public path is set at run time, see above).
          additionalData: ({ stats }) => {
            Object.assign(stats.metaData, { publicPath: 'auto' });
            stats.metaData.remoteEntry.path = '';
            stats.metaData.remoteEntry.name = 'remoteEntry.js';
            return stampBuildVersion(buildVersionOf(appDir))({ stats });
          },
        },
      }),
      new webpack.DefinePlugin({ __FIRSTDAY_CONTAINER__: JSON.stringify(container) }),
      dropBuildMachineFiles(),
    ],
    performance: { hints: false },
  };
}

/**
 * The shell's render worker: `render-worker.js`, the federation host that renders pages from the
 * remotes' server builds (one per set of remote versions, in a worker thread of the render
 * server).
 * @param {import('./create-app-config.cjs').FederationContract} contract
 * @param {string} appDir
 * @returns {import('webpack').Configuration}
 */
function createRenderWorkerConfig(contract, appDir) {
  return {
    ...nodeBuild(contract.app, appDir),
    name: 'shell-render-worker',
    target: 'async-node',
    entry: { 'render-worker': './src/render-worker/index.ts' },
    output: {
      path: path.join(serverDistOf('shell'), 'render-worker'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: 'shell_server',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        ...serverFederation(contract, 'render-deadline-plugin.ts'),
        manifest: false,
      }),
    ],
  };
}

/**
 * The render server's HTTP process, `server.js`. It is built into the shell's server folder,
 * beside the render worker it runs: the two deploy and release together.
 * @param {string} serverDir the render server's workspace
 * @returns {import('webpack').Configuration}
 */
function createRenderServerConfig(serverDir) {
  return {
    ...nodeBuild('shell', serverDir),
    name: 'render-server',
    target: 'node',
    entry: { server: './src/index.ts' },
    output: {
      path: serverDistOf('shell'),
      filename: '[name].js',
      clean: { keep: /^render-worker\// },
    },
  };
}

/**
 * What every Node build shares: production mode, no minifying, and __dirname kept as the
 * bundle's folder (where the worker and the static files are found).
 * @param {string} app @param {string} dir
 */
function nodeBuild(app, dir) {
  return {
    mode: /** @type {const} */ ('production'),
    context: dir,
    devtool: /** @type {const} */ (false),
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules(app, dir, { production: true, server: true }) },
    optimization: { minimize: false },
    node: /** @type {const} */ (false),
    performance: /** @type {const} */ ({ hints: false }),
  };
}

/**
 * Every build of one app: in production its browser build and its Node builds, in development
 * (live reload, client rendering) the browser build alone.
 * @param {import('./create-app-config.cjs').FederationContract} contract
 * @param {string} appDir
 * @param {{ mode?: string }} argv
 * @returns {import('webpack').Configuration | import('webpack').Configuration[]}
 */
function createAppConfigs(contract, appDir, argv) {
  const browser = createAppConfig(contract, appDir, argv);
  if (argv.mode === 'development') return browser;
  return [
    browser,
    contract.app === 'shell'
      ? createRenderWorkerConfig(contract, appDir)
      : createRemoteServerConfig(contract, appDir),
  ];
}

module.exports = { createAppConfigs, createRenderServerConfig };
