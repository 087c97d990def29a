// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The router comes only through its shared facade, so every app uses one instance of it. */
const reactRouterThroughFacade = {
  name: 'react-router',
  message:
    "Import from 'react-router-dom': it is the shared router singleton (scripts/build/shared/react-router-dom.ts).",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '.data/**',
      '.tmp/**',
      'releases/**',
      '**/.mf/**',
      'coverage/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [reactRouterThroughFacade],
        },
      ],
    },
  },
  // App boundaries, by rule: an app reaches another only through its exposed modules (the
  // bare 'remote-shared/content' style, resolved by federation), never into its files, and no
  // app's code imports the repository's scripts. The one exception is functions/shared/: the
  // contact request's definition and decoder, plain CommonJS that the deployed function, the
  // inbox and the staff command all read (the function is deployed from functions/ alone); and
  // the function reads the sender's confirmation from remote-shared's content, a plain CommonJS
  // module its build compiles along (functions/tsconfig.build.json).
  ...[
    ['shell', ['remote-home', 'remote-contact', 'remote-shared', 'functions']],
    ['remote-home', ['shell', 'remote-contact', 'remote-shared', 'functions']],
    ['remote-contact', ['shell', 'remote-home', 'remote-shared', 'functions']],
    ['remote-shared', ['shell', 'remote-home', 'remote-contact', 'functions']],
    ['functions', ['shell', 'remote-home', 'remote-contact', 'remote-shared']],
  ].map(([app, others]) => ({
    files: [`${app}/src/**/*.{ts,tsx}`],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reactRouterThroughFacade],
          patterns: [
            {
              regex: `^(\\.\\./)+(${others.map((other) => (other === 'functions' ? 'functions/(?!shared/)' : app === 'functions' && other === 'remote-shared' ? 'remote-shared/(?!src/content/autoreply\\.cjs$)' : `${other}/`)).join('|')})`,
              message: `${app} may use another app only through its exposed modules ('remote-shared/content'), not its files.`,
            },
            {
              regex: '^@firstday/',
              message: 'Apps reach each other through federation, not as packages.',
            },
            {
              regex: '(^|/)scripts/',
              message:
                "An app's code never imports the repository's scripts (build and stack tooling).",
            },
          ],
        },
      ],
    },
  })),
  {
    // The shared router facade and tests (which render outside federation) may use it.
    files: [
      'scripts/build/shared/**',
      'shell/src/server/render-worker/render-route.tsx',
      '**/__tests__/**',
      'tests/support/dom/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Runs in the browser, inlined into the shell's index.html.
    files: ['shell/src/startup/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['tests/support/jest/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts', '**/__tests__/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  prettier,
);
