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

/** The router comes only through its shared facade, so every app uses one instance of it. */
const reactRouterThroughFacade = {
  name: 'react-router',
  message:
    "Import from 'react-router-dom': it is the shared router singleton (federation/router/react-router-dom.ts).",
};

/** The apps, from the platform's one list of them, and the Cloud Functions. */
const appFolders = [...apps.appIds, 'functions'];

/** A relative import that climbs to the repository's root and enters one of `folders`. */
const into = (folders) => `^(\\.\\./)+(${folders.join('|')})/`;

/**
 * esquery's regex literals cannot hold a slash, even escaped: any character stands in for it
 * (the pattern still names whole folders).
 */
const esqueryRegex = (regex) => `/${regex.replaceAll('/', '.')}/`;

/** What the render server never imports: browser code. */
const renderServerOutside = {
  regex: into([...appFolders, 'tools', 'federation/runtime-plugins', 'federation/router']),
  message:
    'The render server imports no browser code (apps, runtime plugins, the router): it reads the platform and runs the shell through its render worker.',
};

/** The render server's rooms, from the top (routing) to the bottom (reading the remotes). */
const renderServerRooms = ['http', 'field-data', 'pages', 'lanes', 'worker', 'remotes'];

/** What no app imports: another app's files, the tools, the render server, app packages. */
const appOutside = (app) => [
  {
    regex: into(appFolders.filter((other) => other !== app)),
    message: `${app} may use another app only through its exposed modules ('remote-shared/content'), not its files.`,
  },
  {
    regex: into(['tools', 'render-server']),
    message: "An app's code never imports the tools or the render server.",
  },
  {
    regex: '^@firstday/',
    message: 'Apps reach each other through federation, not as packages.',
  },
];

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

/** How deep a room's files may sit (room/a/b/c/file.ts): one rule per depth, exact. */
const roomDepths = [1, 2, 3, 4, 5];

/** One boundary per app room and depth: the rooms at or above its layer, the entry files. */
const roomBoundaries = Object.entries(appRooms).flatMap(([app, layers]) =>
  layers.flatMap((layer, index) =>
    layer.flatMap((room) => {
      const above = layers
        .slice(0, index + 1)
        .flat()
        .filter((other) => other !== room);
      const order = layers.map((peers) => peers.join(', ')).join(' > ');
      return roomDepths.map((depth) => ({
        files: [`${app}/src/${room}/${'*/'.repeat(depth - 1)}*.{ts,tsx,cjs,js}`],
        forbidden: [
          ...appOutside(app),
          {
            regex: `^(\\.\\./){${depth}}(${[...above, 'bootstrap', 'index'].join('|')})(/|$)`,
            message: `${app}'s rooms point down (${order}): ${room}/ imports only rooms of the layers below its own, not its peers, nor the app's entry files.`,
          },
        ],
      }));
    }),
  ),
);

/**
 * Who may import what. Apps -> platform and federation; the render server -> platform and
 * federation's build-free parts; tools -> everything but an app's src/; platform -> nothing.
 * An app reaches another only through its exposed modules (the bare 'remote-shared/content'
 * style, resolved by federation), never into its files.
 */
const boundaries = [
  ...appFolders.map((app) => ({
    files: [`${app}/src/**/*.{ts,tsx,cjs,js}`],
    forbidden: appOutside(app),
  })),
  ...roomBoundaries,
  {
    files: ['render-server/**/*.{ts,tsx,cjs,js}'],
    forbidden: [renderServerOutside],
  },
  // Its rooms, top to bottom: each imports only rooms below it (index.ts composes them all).
  ...renderServerRooms.map((room, index) => ({
    files: [`render-server/src/${room}/**/*.{ts,cjs}`],
    ignores: ['render-server/src/**/__tests__/**'],
    forbidden: [
      renderServerOutside,
      {
        regex: `^\\.\\./(${['index', ...renderServerRooms.slice(0, index)].join('|')})(/|$)`,
        message: `The render server's rooms point down (${renderServerRooms.join(' > ')}): ${room}/ imports none above it, nor index.ts, which puts them together.`,
      },
    ],
  })),
  {
    files: ['tools/**/*.{ts,cjs,mjs,js}'],
    forbidden: [
      {
        regex: into(appFolders.map((app) => `${app}/src`)),
        message: "Tools never import an app's src/: shared facts live in platform/.",
      },
    ],
  },
  {
    files: ['platform/**/*.{ts,cjs,js}'],
    forbidden: [
      {
        regex: into([...appFolders, 'tools', 'render-server', 'federation', 'tests']),
        message: 'The platform holds facts every part reads; it imports nothing of theirs.',
      },
    ],
  },
  {
    files: ['federation/**/*.{ts,cjs,js}'],
    forbidden: [
      {
        regex: into([...appFolders.map((app) => `${app}/src`), 'tools', 'render-server']),
        message: 'Federation code serves every app and imports none of their code, nor the tools.',
      },
    ],
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
          paths: [reactRouterThroughFacade],
        },
      ],
    },
  },
  // The house's boundaries, by rule (see boundaries below): every arrow points one way.
  ...boundaries.map(({ files, ignores = [], forbidden }) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reactRouterThroughFacade],
          patterns: forbidden.map(({ regex, message }) => ({ regex, message })),
        },
      ],
      // require() and import() too: the tools and the build configs are CommonJS.
      'no-restricted-syntax': [
        'error',
        ...forbidden.flatMap(({ regex, message }) => [
          {
            selector: `CallExpression[callee.name='require'][arguments.0.value=${esqueryRegex(regex)}]`,
            message,
          },
          { selector: `ImportExpression[source.value=${esqueryRegex(regex)}]`, message },
        ]),
      ],
    },
  })),
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
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, commonjs: true }] },
  },
  {
    // The shared router facade and tests (which render outside federation) may use it.
    files: [
      'federation/router/**',
      'shell/src/render-worker/render-route.tsx',
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
    files: ['tests/**/*.ts', 'tools/**/*.ts', '**/__tests__/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  prettier,
);
