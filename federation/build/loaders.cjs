// @ts-check
/** What the browser and server builds must agree on, so server HTML and the browser match. */
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { apps } = require('../../platform/apps.cjs');

/**
 * CSS-module class names: short and hashed in production, readable in development.
 * @param {import('../../platform/apps.cjs').AppId} app
 * @param {boolean} production
 */
const cssLocalIdentName = (app, production) =>
  production ? `${apps[app].container}-[hash:base64:6]` : '[name]__[local]';

const mediaPattern = /\.(webp|avif|png|jpe?g|svg|mp4|webm|mp3|ogg|m4a|woff2)$/;

/**
 * The loader rules of one app's build. A server build makes the same CSS-module class names
 * (or hydration would not match) but leaves the CSS and the media files to the browser build.
 * @param {import('../../platform/apps.cjs').AppId} app
 * @param {string} appDir
 * @param {{ production: boolean; server: boolean }} build
 * @returns {import('webpack').RuleSetRule[]}
 */
function moduleRules(app, appDir, { production, server }) {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      // Type checking is `npm run typecheck`'s job; the build only transpiles.
      use: {
        loader: 'ts-loader',
        options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.json') },
      },
    },
    {
      test: /\.css$/,
      use: [
        ...(server ? [] : [MiniCssExtractPlugin.loader]),
        {
          loader: 'css-loader',
          options: {
            modules: {
              auto: true,
              namedExport: false,
              exportLocalsConvention: 'as-is',
              exportOnlyLocals: server,
              localIdentName: cssLocalIdentName(app, production),
            },
          },
        },
      ],
    },
    // The browser's react-dom creates no Error as it loads (see react-dom-sentinels.cjs).
    ...(server
      ? []
      : [
          {
            test: /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/,
            loader: require.resolve('./react-dom-sentinels.cjs'),
          },
        ]),
    // A server build needs only the media's (identical) URLs.
    { test: mediaPattern, type: 'asset/resource', ...(server && { generator: { emit: false } }) },
  ];
}

module.exports = { moduleRules };
