// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import apps from './platform/apps.cjs';

/** The repository: the zones' globs are resolved from here. */
const root = import.meta.dirname;

/** The site has one router, shared as a singleton, so every app's links find the same one. */
const oneRouter = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  message: "Import from '@firstday/router': it is the site's shared router singleton.",
}));

/** The apps, from the platform's one list of them, and the Cloud Functions. */
const appFolders = [...apps.appIds, 'functions'];

/** The render server's rooms, from the top (routing) to the bottom (reading the remotes). */
const renderServerRooms = ['http', 'field-data', 'pages', 'lanes', 'worker', 'remotes'];

/**
 * The rooms (feature folders) inside each app, in layers from the top: a room imports only rooms
 * of the layers below its own, never a peer of its layer nor the app's entry files (bootstrap,
 * index). A new folder joins a layer here. With the arrows between rooms one-way, a cycle could
 * only live inside a room, where import-x/no-cycle finds it.
 */
const appRooms = {
  shell: [
    ['render-worker'],
    ['app'],
    ['layout', 'menu'],
    ['navigation', 'footer', 'error-screen', 'preview-badge', 'field-data'],
    ['remotes'],
    ['server-state'],
    ['routes', 'startup'],
  ],
  'remote-home': [
    ['exposes'],
    ['home', 'about'],
    ['hero', 'band', 'services', 'team', 'work', 'intro', 'about-block'],
    ['home-section', 'round-button', 'background-video', 'motion', 'lazy-image'],
  ],
  // Two audiences apart: the visitor's contact form and the staff inbox share only what is below.
  'remote-contact': [['exposes'], ['contact', 'staff'], ['firebase', 'shared-styles']],
  'remote-shared': [
    ['exposes', 'style-guide'],
    ['ui', 'hooks'],
    ['content'],
    ['media', 'tokens', 'types'],
  ],
};

/** `folders` as one glob: `{a,b}/**` (minimatch needs two names for braces). */
const anyOf = (folders) =>
  folders.length === 1 ? `${folders[0]}/**` : `{${folders.join(',')}}/**`;

/**
 * One zone per room: it imports nothing from the rooms at or above its layer (itself aside), nor
 * its app's entry files. `rooms` are top to bottom; `entries` are the files that compose them.
 */
const roomZones = (base, layers, entries) =>
  layers.flatMap((layer, index) =>
    layer.map((room) => {
      const above = layers
        .slice(0, index + 1)
        .flat()
        .filter((other) => other !== room);
      return {
        target: [`${base}/${room}/*.*`, `${base}/${room}/!(__tests__)/**`],
        from: [
          ...(above.length ? [`${base}/${anyOf(above)}`] : []),
          ...entries.map((entry) => `${base}/${entry}`),
        ],
        message: `${base}'s rooms point down (${layers.map((peers) => peers.join(', ')).join(' > ')}): ${room}/ imports only rooms of the layers below its own, not its peers, nor the entry files.`,
      };
    }),
  );

/**
 * Who may import what (import-x/no-restricted-paths, on resolved files, for import, import()
 * and require alike). Apps -> platform and federation, and another app only through its exposed
 * modules (the bare 'remote-shared/content' style); the render server -> platform and
 * federation's build-free parts; tools -> everything but an app's src/; platform -> nothing.
 */
const zones = [
  ...appFolders.map((app) => ({
    target: `${app}/src/**`,
    from: anyOf(appFolders.filter((other) => other !== app)),
    except: apps.remoteIds.map((id) => `${root}/${id}/src/exposes/**`),
    message: `${app} may use another app only through its exposed modules ('remote-shared/content'), not its files.`,
  })),
  ...appFolders.map((app) => ({
    target: `${app}/src/**`,
    from: anyOf(['tools', 'render-server']),
    message: "An app's code never imports the tools or the render server.",
  })),
  ...Object.entries(appRooms).flatMap(([app, layers]) =>
    roomZones(`${app}/src`, layers, ['bootstrap.*', 'index.*']),
  ),
  {
    target: 'render-server/**',
    from: anyOf([...appFolders, 'tools', 'federation/runtime-plugins', 'federation/router']),
    message:
      'The render server imports no browser code (apps, runtime plugins, the router): it reads the platform and runs the shell through its render worker.',
  },
  // Its rooms, top to bottom: each imports only rooms below it (index.ts composes them all).
  ...roomZones(
    'render-server/src',
    renderServerRooms.map((room) => [room]),
    ['index.*'],
  ),
  {
    target: 'tools/**',
    from: anyOf(appFolders.map((app) => `${app}/src`)),
    message: "Tools never import an app's src/: shared facts live in platform/.",
  },
  {
    target: 'platform/**',
    from: anyOf([...appFolders, 'tools', 'render-server', 'federation', 'tests']),
    message: 'The platform holds facts every part reads; it imports nothing of theirs.',
  },
  {
    target: 'federation/**',
    from: anyOf([...appFolders.map((app) => `${app}/src`), 'tools', 'render-server']),
    message: 'Federation code serves every app and imports none of their code, nor the tools.',
  },
];

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
          paths: oneRouter,
        },
      ],
    },
  },
  {
    // Apps reach each other through federation, never as packages.
    files: appFolders.map((app) => `${app}/src/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: oneRouter,
          patterns: [
            {
              group: ['@firstday/*', '!@firstday/router'],
              message: 'Apps reach each other through federation, not as packages.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere: a module's dependencies never lead back to it (between rooms the
    // boundaries above already point one way; this catches cycles inside a room and across
    // the plain CommonJS modules too).
    files: ['**/*.{ts,tsx,cjs,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files it follows, and how it reads them (TypeScript's own parser for .ts).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, commonjs: true }],
      // The house's boundaries (zones above): every arrow points one way.
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
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
    files: ['tests/**/*.ts', 'tools/**/*.ts', '**/__tests__/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  prettier,
);
