// @ts-check
/**
 * Builds the webpack configuration of one app from its federation contract. Every app gets the
 * same loaders, output naming and dev server, so that each app's own webpack.config.js says only
 * who it is, what it exposes and what it consumes.
 */
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { apps, manifestUrl, remoteIds } = require('../../platform/apps.cjs');
const security = require('../../platform/security/security-policy.cjs');
const { distOf } = require('../../platform/build-paths.cjs');
const { sharedDependencies } = require('./shared-dependencies.cjs');
const { moduleRules } = require('./loaders.cjs');
const { appPage } = require('./html-page.cjs');
const { buildVersionOf } = require('./build-version.cjs');

const { runtimePlugin, loadDeadlineMs } = require('./runtime-plugins.cjs');

/**
 * webpack's side of the federation runtime, as the federation plugin's generated entry imports
 * it (an absolute path to the package's bundler build, or its index).
 */
const bundlerRuntimeRequest =
  /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/](bundler|index)\.c?js$/;

/**
 * A production remote borrows the shell's bundler runtime (provide-runtime-plugin.ts lends it)
 * instead of carrying a copy in its entry: about 5 KB gzip of every remote entry a page loads.
 * @type {NonNullable<import('webpack').Configuration['externals']>}
 */
const borrowedBundlerRuntime = [
  ({ request }, callback) =>
    request && bundlerRuntimeRequest.test(request)
      ? callback(undefined, 'global __FIRSTDAY_BUNDLER_RUNTIME__')
      : callback(),
];

/**
 * The federation SDK's `env` module, replaced in browser builds by one without the debug switch
 * it reads from `localStorage` as the runtime starts (see the replacement for why).
 */
const sdkEnvModule = /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/;
const sdkEnvReplacement = path.resolve(__dirname, '../runtime-plugins/federation-sdk-env.mjs');

/**
 * The federation runtime's semver module, replaced in browser builds by one that checks the
 * site's own caret ranges without it (see the replacement for why) and asks it for any other.
 * The replacement reaches the original by an alias the runtime's package does not export.
 */
const runtimeSemverModule =
  /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]utils[\\/]semver[\\/]index\.js$/;
const runtimeSemverReplacement = path.resolve(
  __dirname,
  '../runtime-plugins/federation-semver.mjs',
);
const runtimeSemver = path.join(
  path.dirname(require.resolve('@module-federation/runtime-core')),
  'utils',
  'semver',
  'index.js',
);

/** The shell's browser runtime plugins, each named for the failure it handles. */
const shellRuntimePlugins = [
  'provide-runtime-plugin.ts',
  'manifest-fetch-plugin.ts',
  'entry-deadline-plugin.ts',
  'load-retry-plugin.ts',
  'startup-slices-plugin.ts',
];

/**
 * @typedef {object} FederationContract
 * @property {import('../../platform/apps.cjs').AppId} app
 * @property {Record<string, string>} [exposes] exposed name -> file, relative to the app
 * @property {Record<string, string>} [developmentExposes] exposed only by development builds
 *   (what the apps' standalone pages use), never by what is deployed
 * @property {Exclude<import('../../platform/apps.cjs').AppId, 'shell'>[]} [remotes] remotes it consumes
 */

/**
 * What the shell's first render needs beside main.js: its bootstrap, react, react-dom's client
 * (the big one), the JSX runtime and the shared router. (react-dom's small index is left out:
 * the build has two copies of that chunk and only one of them is ever asked for.)
 */
const startupModules =
  /[\\/]node_modules[\\/](react[\\/](index|jsx-runtime)\.js|react-dom[\\/]client\.js)$|[\\/]federation[\\/]router[\\/]router\.tsx$|[\\/]src[\\/]bootstrap\.tsx$/;

/**
 * The script files of the shell's startup chunks (not main.js).
 * @param {import('webpack').Compilation} compilation
 */
function startupChunkFiles(compilation) {
  /** @type {Set<string>} */
  const files = new Set();
  for (const chunk of compilation.chunks) {
    if (chunk.hasRuntime()) continue;
    const needed = compilation.chunkGraph
      .getChunkModules(chunk)
      .some((module) => startupModules.test(module.nameForCondition() ?? ''));
    if (!needed) continue;
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return files;
}

/**
 * V8's explicit compile hint for the scripts a page runs as it starts (the shell's main.js and
 * startup chunks, react-dom's among them; every script of a remote, most of which runs as a page
 * hydrates): `//# allFunctionsCalledOnLoad` first in a file has Chromium
 * compile all its functions while the file downloads, off the main thread, instead of each on
 * its first call, in the page's tasks. (webpack wraps every module in a function, so without
 * it react-dom's whole module was compiled in the task that first required it.) After
 * minification, so that the comment stays first; before the content hash, so that it counts.
 */
const compileHints = (/** @type {boolean} */ isShell) =>
  assetsPlugin(
    'CompileHints',
    (stages) => stages.PROCESS_ASSETS_STAGE_DEV_TOOLING,
    (compilation, webpack) => {
      const files = isShell
        ? [
            ...[...compilation.chunks]
              .filter((chunk) => chunk.hasRuntime())
              .flatMap((chunk) => [...chunk.files]),
            ...startupChunkFiles(compilation),
          ]
        : Object.keys(compilation.assets);
      for (const file of files) {
        if (!file.endsWith('.js')) continue;
        compilation.updateAsset(
          file,
          (source) => new webpack.sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source),
        );
      }
    },
  );

/**
 * Adds <link rel="preload"> for the shell's startup chunks, so they download while main.js does
 * instead of after it has run and asked for them.
 * @param {string} html
 * @param {import('webpack').Compilation | null} compilation
 */
function preloadStartupChunks(html, compilation) {
  if (!compilation) return html;
  const links = [...startupChunkFiles(compilation)]
    .sort()
    .map((file) => `<link rel="preload" as="script" href="/${file}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * A webpack plugin that works on the finished assets of every compilation at one stage.
 * @param {string} name
 * @param {(stages: typeof import('webpack').Compilation) => number} stageOf
 * @param {(compilation: import('webpack').Compilation, webpack: typeof import('webpack')) => void} work
 * @returns {import('webpack').WebpackPluginInstance}
 */
const assetsPlugin = (name, stageOf, work) => ({
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: stageOf(compiler.webpack.Compilation) },
        () => work(compilation, compiler.webpack),
      );
    });
  },
});

/**
 * Removes what a deployment must not publish: mf-stats.json (the federation build report, full
 * of absolute paths of the build machine; browsers only read mf-manifest.json) and any source
 * map a plugin still emitted. It runs after the federation plugin writes its files, before
 * compression (same stage, later plugin) makes .gz/.br copies of them.
 */
const dropBuildMachineFiles = () =>
  assetsPlugin(
    'DropBuildMachineFiles',
    (stages) => stages.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
    (compilation) => {
      for (const name of Object.keys(compilation.assets)) {
        if (/(^|\/)mf-stats\.json$|\.map$/.test(name)) compilation.deleteAsset(name);
      }
    },
  );

/** Every remote at its local port: remotes.json as built, and the dev servers' policy. */
const localRemoteLocations = () => Object.fromEntries(remoteIds.map((id) => [id, manifestUrl(id)]));

/**
 * The shell's remotes.json as built: every remote at its local port (platform/apps.cjs), so the
 * ports live in one place. A deployment replaces it (the release tools write their own); moving
 * a remote stays an edit of that file, never a rebuild.
 */
const localRemotesJson = () =>
  assetsPlugin(
    'LocalRemotesJson',
    (stages) => stages.PROCESS_ASSETS_STAGE_ADDITIONAL,
    (compilation, webpack) => {
      const json = `${JSON.stringify(localRemoteLocations(), null, 2)}\n`;
      compilation.emitAsset('remotes.json', new webpack.sources.RawSource(json));
    },
  );

/**
 * Writes the build's version into its manifest (metaData.buildInfo.buildVersion), so a release
 * and every page rendered from it say exactly which build they are.
 * @param {string} version
 * @returns {(options: { stats: any }) => any}
 */
const stampBuildVersion =
  (version) =>
  ({ stats }) => {
    stats.metaData.buildInfo = { ...stats.metaData.buildInfo, buildVersion: version };
    return stats;
  };

/**
 * The remote's tsconfig with the workspace as its root, so declarations of files it reaches
 * through path mapping (the shared router) are emitted too, whatever the remote includes.
 * No ambient type packages: the base config's test types (jest, node) are nothing a remote's
 * exposed declarations use, and parsing them was about 3 s of every remote's build.
 * @param {string} appDir
 */
function typesTsConfig(appDir) {
  const file = path.join(appDir, 'node_modules', '.cache', 'mf-types', 'tsconfig.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const config = {
    extends: path.join(appDir, 'tsconfig.json'),
    compilerOptions: { rootDir: path.dirname(appDir), types: [] },
  };
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * Fails a remote's production build whose types were not generated: the federation types
 * plugin only logs its compiler's errors, and a release without types would break the type
 * checks of the shells that read them.
 */
const requirePublishedTypes = () =>
  assetsPlugin(
    'RequirePublishedTypes',
    (stages) => stages.PROCESS_ASSETS_STAGE_REPORT,
    (compilation, webpack) => {
      if (!compilation.getAsset('@mf-types.zip'))
        compilation.errors.push(
          new webpack.WebpackError(
            "The exposed modules' types were not generated (@mf-types.zip is missing): run `npm run typecheck` for this app",
          ),
        );
    },
  );

/**
 * A remote's published types: the exposed modules' declarations, zipped beside its manifest
 * (@mf-types.zip, @mf-types.d.ts), so a shell in another repository can check itself against a
 * release. Generated offline by the federation types plugin; never consumed while building.
 * @param {FederationContract} contract
 * @param {string} appDir
 * @param {boolean} production
 */
function publishedTypes(contract, appDir, production) {
  if (!production || contract.app === 'shell' || !contract.exposes) return false;
  return {
    generateTypes: {
      tsConfigPath: typesTsConfig(appDir),
      // Types another repository can read on its own: nothing points back into this one.
      extractRemoteTypes: false,
      abortOnError: true,
    },
    consumeTypes: false,
    displayErrorInTerminal: true,
  };
}

/**
 * The dev servers send the site's headers with the policy in report-only form: what the
 * production policy would block is reported in the browser's console while developing.
 */
function developmentPolicy() {
  const firebaseConfig = path.join(
    __dirname,
    '..',
    '..',
    'remote-contact',
    'public',
    'firebase-config.json',
  );
  return {
    ...security.documentHeaders,
    'Content-Security-Policy-Report-Only': security.contentSecurityPolicy({
      remotes: localRemoteLocations(),
      firebase: fs.existsSync(firebaseConfig)
        ? JSON.parse(fs.readFileSync(firebaseConfig, 'utf8'))
        : undefined,
      development: true,
    }),
  };
}

/**
 * @param {FederationContract} contract
 * @param {string} appDir
 * @param {{ mode?: string }} argv
 * @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }}
 */
function createAppConfig(contract, appDir, argv) {
  const production = argv.mode !== 'development';
  const { container, port } = apps[contract.app];
  const isShell = contract.app === 'shell';
  const publicDir = path.join(appDir, 'public');
  const hashed = production ? '.[contenthash:8]' : '';
  // A production remote is only ever loaded by the shell, so it borrows the shell's federation
  // runtime and has no page of its own; in development each app keeps its own runtime and
  // standalone page, so any one of them runs alone.
  const borrowsRuntime = production && !isShell;

  /** @type {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }} */
  const config = {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: borrowsRuntime ? {} : { main: './src/index.ts' },
    // No source maps in what is deployed: they carry the full sources. A local production build
    // can still have them: `npx webpack --mode production --devtool source-map` (never deploy it).
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: distOf(contract.app),
      // The shell serves deep links (/about) from its history fallback, so its assets need an
      // absolute path; remotes resolve theirs from wherever their manifest was loaded.
      publicPath: isShell ? '/' : 'auto',
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      assetModuleFilename: `media/[name]${hashed}[ext]`,
      uniqueName: container,
      // A chunk that hangs fails after the load deadline (webpack waits 120 s), so the page
      // area or the start-up shows its failure state instead of waiting.
      chunkLoadTimeout: loadDeadlineMs,
      // The server build (dist/server) is written beside this one by its own compiler.
      clean: { keep: /^server\// },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { 'federation-runtime-semver$': runtimeSemver },
    },
    ...(borrowsRuntime ? { externals: borrowedBundlerRuntime } : {}),
    module: { rules: moduleRules(contract.app, appDir, { production, server: false }) },
    plugins: [
      new ModuleFederationPlugin({
        name: container,
        // Hashed in production: a page names the exact entry its server render used.
        filename: `remoteEntry${hashed}.js`,
        exposes: { ...contract.exposes, ...(production ? {} : contract.developmentExposes) },
        remotes: Object.fromEntries(
          (contract.remotes ?? []).map((id) => [id, `${apps[id].container}@${manifestUrl(id)}`]),
        ),
        shared: sharedDependencies(),
        // With 'version-first' one unreachable remote keeps the shell from starting at all.
        shareStrategy: 'loaded-first',
        runtimePlugins: [
          runtimePlugin('remote-locations-plugin.ts'),
          // A remote that borrows the shell's runtime gets this plugin from it (provide-runtime).
          ...(borrowsRuntime ? [] : [runtimePlugin('manifest-entry-plugin.ts')]),
          ...(isShell ? shellRuntimePlugins.map(runtimePlugin) : []),
        ],
        manifest: { additionalData: stampBuildVersion(buildVersionOf(appDir)) },
        dts: publishedTypes(contract, appDir, production),
        // One federation runtime per page: the shell ships it, production remotes borrow it
        // (the bundler runtime too, through `externals` above).
        // Browser-only builds: the runtime's Node.js loading paths are left out. Without its
        // snapshot plugin (preload planning, 1.5 KB of every first visit): manifest-entry does
        // the part the site uses.
        experiments: {
          externalRuntime: borrowsRuntime,
          optimization: { target: 'web', disableSnapshot: true },
        },
      }),
      new webpack.NormalModuleReplacementPlugin(sdkEnvModule, sdkEnvReplacement),
      new webpack.NormalModuleReplacementPlugin(runtimeSemverModule, (resolved) => {
        // The replacement's own import of the original stays the original. The module's name
        // (request) changes with its file, or webpack would take the two for one module.
        const data = resolved.createData;
        if (resolved.contextInfo.issuer === runtimeSemverReplacement || !data.resource) return;
        for (const key of /** @type {const} */ (['request', 'userRequest']))
          data[key] = data[key]?.replace(data.resource, runtimeSemverReplacement);
        data.resource = runtimeSemverReplacement;
      }),
      new MiniCssExtractPlugin({
        filename: `[name]${hashed}.css`,
        chunkFilename: `[name]${hashed}.css`,
      }),
    ],
    // CSS is minified too: the render server inlines it into every page's HTML.
    optimization: { minimizer: ['...', new CssMinimizerPlugin()] },
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*', ...developmentPolicy() },
      static: fs.existsSync(publicDir) ? { directory: publicDir, watch: true } : false,
      client: { overlay: { warnings: false, errors: true } },
    },
  };

  if (!borrowsRuntime) {
    config.plugins?.push(
      new HtmlWebpackPlugin({
        // A plain string, not a compiled template: a child compilation of the template would
        // inherit the federation plugins (and the shared router) without their runtime.
        templateContent: (/** @type {Record<string, any>} */ parameters) =>
          preloadStartupChunks(
            appPage(contract.app, appDir),
            isShell ? /** @type {import('webpack').Compilation} */ (parameters.compilation) : null,
          ),
        chunks: ['main'],
        scriptLoading: 'defer',
      }),
    );
  }
  if (isShell) config.plugins?.push(localRemotesJson());
  if (production) config.plugins?.push(compileHints(isShell));
  if (fs.existsSync(publicDir)) {
    const CopyPlugin = require('copy-webpack-plugin');
    config.plugins?.push(new CopyPlugin({ patterns: [{ from: publicDir }] }));
  }
  if (production) {
    config.plugins?.push(dropBuildMachineFiles());
    if (publishedTypes(contract, appDir, production)) config.plugins?.push(requirePublishedTypes());
    // Pre-compressed copies, which the static server hands out as a CDN would.
    config.plugins?.push(
      new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|json|svg)$/, threshold: 0 }),
      new CompressionPlugin({
        algorithm: 'brotliCompress',
        filename: '[path][base].br',
        test: /\.(js|css|html|json|svg)$/,
        threshold: 0,
      }),
    );
  }
  return config;
}

module.exports = { createAppConfig, dropBuildMachineFiles, stampBuildVersion };
