// @ts-check
/**
 * What every app shares, as singletons with semver ranges so that each app can upgrade on its
 * own schedule (TOOLCHAIN.md: exact pins or duplicates break hooks).
 */
const singletons = {
  react: '^19.0.0',
  'react/': '^19.0.0',
  'react-dom': '^19.0.0',
  'react-dom/': '^19.0.0',
  'react-router': '^7.0.0',
  'react-router-dom': '^7.0.0',
  gsap: '^3.12.0',
  '@gsap/react': '^2.1.0',
};

/** @returns {Record<string, { singleton: true; requiredVersion: string }>} */
function sharedDependencies() {
  return Object.fromEntries(
    Object.entries(singletons).map(([name, range]) => [
      name,
      { singleton: true, requiredVersion: range },
    ]),
  );
}

module.exports = { sharedDependencies };
