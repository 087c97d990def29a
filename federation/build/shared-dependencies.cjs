// @ts-check
/**
 * What every app shares, as singletons with semver ranges so that each app can upgrade on its
 * own schedule (exact pins, or two copies of React, break hooks).
 */
const path = require('node:path');

const singletons = {
  react: '^19.0.0',
  'react/': '^19.0.0',
  'react-dom': '^19.0.0',
  'react-dom/': '^19.0.0',
};

/**
 * The router is one singleton, 'react-router-dom', implemented by a slim re-export of
 * react-router (see shared/react-router-dom.ts); react-router itself is not shared, so it can
 * be tree-shaken inside that module. Apps never import 'react-router' directly (ESLint says so).
 */
const router = {
  'react-router-dom': {
    singleton: /** @type {const} */ (true),
    requiredVersion: '^7.0.0',
    import: path.join(__dirname, '..', 'router', 'react-router-dom.ts'),
    version: require('react-router/package.json').version,
  },
};

/** @returns {Record<string, { singleton: true; requiredVersion: string; import?: string; version?: string }>} */
function sharedDependencies() {
  return {
    ...Object.fromEntries(
      Object.entries(singletons).map(([name, range]) => [
        name,
        { singleton: true, requiredVersion: range },
      ]),
    ),
    ...router,
  };
}

module.exports = { sharedDependencies };
