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
 * The router is one singleton, '@firstday/router' (federation/router/router.tsx), so a link in
 * any app finds the shell's router. It is the repository's own module, so its version is its
 * API's: a change that breaks an app's use of it takes the next major.
 */
const router = {
  '@firstday/router': {
    singleton: /** @type {const} */ (true),
    requiredVersion: '^1.0.0',
    import: path.join(__dirname, '..', 'router', 'router.tsx'),
    version: '1.0.0',
  },
  // For releases built before it, which ask for react-router-dom 7 by that name.
  'react-router-dom': {
    singleton: /** @type {const} */ (true),
    requiredVersion: '^7.0.0',
    import: path.join(__dirname, '..', 'router', 'react-router-dom-compat.ts'),
    version: '7.18.5',
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
