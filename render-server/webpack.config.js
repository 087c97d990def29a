// @ts-check
const { createRenderServerConfig } = require('../federation/build/create-server-config.cjs');

/** @type {() => import('webpack').Configuration} */
module.exports = () => createRenderServerConfig(__dirname);
