// @ts-check
/**
 * Three kinds of test, one runner:
 * - unit: components and logic in jsdom, next to the code (src/**\/__tests__);
 * - integration: the writer, the security rules and the Cloud Functions against the Firestore
 *   emulator;
 * - browser: a visitor's journeys in Chromium over the composed production build.
 * `npm test` (tools/test/test.mjs) starts what integration and browser tests need.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const transform = { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc };

/** The apps, from the platform's one list of them. */
const { appIds, remoteIds } = require('./platform/apps.cjs');

// Content in remote-shared imports its media and styles; outside webpack they are stand-ins.
const moduleNameMapper = {
  '\\.module\\.css$': 'identity-obj-proxy',
  '\\.css$': '<rootDir>/tests/support/jest/empty-module.cjs',
  '\\.(webp|avif|png|jpe?g|svg|mp4|webm|mp3|ogg|m4a|woff2)$':
    '<rootDir>/tests/support/jest/file-url.cjs',
  // The shared router, as federation and tsconfig paths resolve it.
  '^@firstday/router$': '<rootDir>/federation/router/router.tsx',
  // The federation runtime's semver module, by the alias the browser builds give it.
  '^federation-runtime-semver$':
    '<rootDir>/node_modules/@module-federation/runtime-core/dist/utils/semver/index.cjs',
  // A remote's exposed modules, as federation resolves them in the builds.
  ...Object.fromEntries(remoteIds.map((id) => [`^${id}/(.*)$`, `<rootDir>/${id}/src/exposes/$1`])),
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/tests/support/jest/jsdom-environment.cjs',
      roots: [
        ...appIds.map((id) => `<rootDir>/${id}/src`),
        '<rootDir>/render-server/src',
        '<rootDir>/platform',
        '<rootDir>/tools',
        '<rootDir>/federation',
        '<rootDir>/docs',
      ],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      transform,
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest/setup-dom.ts'],
      moduleNameMapper,
    },
    {
      displayName: 'integration',
      // Servers the tests start log to a file per test file, shown when a test fails.
      testEnvironment: '<rootDir>/tests/support/jest/stack-log-environment.cjs',
      // testTimeout is a global option in jest; per project it is set in a setup file.
      setupFilesAfterEnv: [
        '<rootDir>/tests/support/jest/slow-tests.cjs',
        '<rootDir>/tests/support/jest/console-to-stack-log.cjs',
      ],
      // The Cloud Functions' tests run their handlers against the same emulator.
      roots: ['<rootDir>/tests/integration', '<rootDir>/functions/src'],
      testMatch: ['**/*.test.ts'],
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'browser',
      testEnvironment: '<rootDir>/tests/support/jest/stack-log-environment.cjs',
      setupFilesAfterEnv: [
        '<rootDir>/tests/support/jest/slow-tests.cjs',
        '<rootDir>/tests/support/jest/console-to-stack-log.cjs',
      ],
      roots: ['<rootDir>/tests/browser'],
      testMatch: ['**/*.test.ts'],
      transform,
      moduleNameMapper,
    },
  ],
};
