// @ts-check
const path = require('node:path');

/** Where every federation runtime plugin of the site lives, whichever app's build includes it. */
const runtimePluginsDir = path.join(__dirname, '..', 'runtime-plugins');

/** @param {string} file a plugin's file name in that folder */
const runtimePlugin = (file) => path.join(runtimePluginsDir, file);

/** The load deadline every browser build shares (the runtime plugins read the same fact). */
const { loadDeadlineMs } = require('../../platform/deadlines.cjs');

module.exports = { runtimePlugin, loadDeadlineMs };
