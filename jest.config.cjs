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

const transform = { '^.+\\.(t|j)sx?$': swc };

// Content in remote-shared imports its media and styles; outside webpack they are stand-ins.
const moduleNameMapper = {
  '\\.module\\.css$': 'identity-obj-proxy',
  '\\.css$': '<rootDir>/tests/support/jest/empty-module.cjs',
  '\\.(webp|avif|png|jpe?g|svg|mp4|webm|mp3|ogg|m4a|woff2)$':
    '<rootDir>/tests/support/jest/file-url.cjs',
  '^remote-(shared|home|contact)/(.*)$': '<rootDir>/remote-$1/src/exposes/$2',
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/tests/support/jest/jsdom-environment.cjs',
      roots: [
        '<rootDir>/shell/src',
        '<rootDir>/remote-home/src',
        '<rootDir>/remote-contact/src',
        '<rootDir>/remote-shared/src',
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
      testEnvironment: 'node',
      // testTimeout is a global option in jest; per project it is set in a setup file.
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest/slow-tests.cjs'],
      // The Cloud Functions' tests run their handlers against the same emulator.
      roots: ['<rootDir>/tests/integration', '<rootDir>/functions/src'],
      testMatch: ['**/*.test.ts'],
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest/slow-tests.cjs'],
      roots: ['<rootDir>/tests/browser'],
      testMatch: ['**/*.test.ts'],
      transform,
      moduleNameMapper,
    },
  ],
};
