// @ts-check
/** What the browser and server builds must agree on, so server HTML and the browser match. */
const { apps } = require('../lib/apps.cjs');

/**
 * CSS-module class names: short and hashed in production, readable in development.
 * @param {import('../lib/apps.cjs').AppId} app
 * @param {boolean} production
 */
const cssLocalIdentName = (app, production) =>
  production ? `${apps[app].container}-[hash:base64:6]` : '[name]__[local]';

const mediaPattern = /\.(webp|avif|png|jpe?g|svg|mp4|webm|mp3|ogg|m4a|woff2)$/;

module.exports = { cssLocalIdentName, mediaPattern };
