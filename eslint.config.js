import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { dirname, relative, resolve, sep } from 'node:path';

/** Imports flow one way only: app → features → shared (components, lib); back end: command-api → projections/workers → shared-events. */
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * The UI's layers, as in bulletproof-react: app → features → shared (components, lib), and no feature imports
 * another. Static and lazy (`import()`) imports alike. The layer of each end is read from its path under ui/src,
 * so a new feature folder needs no new rule; what a feature needs of another, the app passes it (props, render props).
 */
const UI_SRC = resolve(import.meta.dirname, 'ui/src');
const UI_LAYER_RANK = { components: 0, lib: 0, features: 1, app: 2 };
const uiLayerOf = (file) => {
  const [top, feature] = relative(UI_SRC, file).split(sep);
  const rank = UI_LAYER_RANK[top];
  if (rank === undefined) return null; // main.tsx, the entry, sits above the layers
  return top === 'features' ? { rank, feature, name: `feature '${feature}'` } : { rank, feature: null, name: top };
};
const uiLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward: 'The UI imports one way only (app → features → shared): {{from}} may not import {{to}}.',
      crossFeature:
        "Feature '{{from}}' may not import feature '{{to}}': compose them in ui/src/app/, or move what both need to components/ or lib/.",
    },
    schema: [],
  },
  create(context) {
    const from = uiLayerOf(context.filename);
    const check = (source) => {
      if (!from || typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = uiLayerOf(resolve(dirname(context.filename), source.value));
      if (!to) return;
      if (to.rank > from.rank) context.report({ node: source, messageId: 'upward', data: { from: from.name, to: to.name } });
      else if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'bench/.work/**'] },
  js.configs.recommended,
  // Type-checked: every TypeScript file is in tsconfig.json, which the project service finds for it.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An `async` method without `await` is how a store or queue meets a Promise interface synchronously:
      // whatever it throws reaches the caller as a rejection, as the interface promises. Dropping `async` would not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // The .mjs worker threads and scripts are plain JavaScript outside tsconfig.json.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  // Specs, their helpers (testing/, e2e/) and the benchmarks read response bodies and spy on methods loosely:
  // `any` from JSON they then assert on, and `expect(store.method)`. The promise rules still hold for them.
  {
    files: ['**/*.spec.{ts,tsx}', '**/testing/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['ui/src/**/*.tsx', 'ui/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, ui: { rules: { layers: uiLayers } } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn', 'ui/layers': 'error' },
  },
  restrict(['shared-events/src/**'], [
    { group: ['@accommodate/*'], message: 'shared-events depends on nothing else in the repo.' },
  ]),
  // The domain core (emmett's deciders, the access rules): plain TypeScript that any adapter can run, and specs without a store.
  restrict(['shared-events/src/domain/**'], [
    { group: ['@accommodate/*'], message: 'shared-events depends on nothing else in the repo.' },
    {
      group: ['express', 'react', 'react-dom', 'socket.io', 'socket.io-client', 'better-sqlite3', 'mongodb', '@eventstore/db-client', 'ioredis', 'bullmq', 'node:*'],
      message: 'The domain core is plain TypeScript: no framework, store, socket or I/O.',
    },
    { group: ['**/event-store/**', '**/sqlite/**', '**/logging/**', '**/timing/**'], message: 'The domain core knows no store, log or clock.' },
  ]),
  // command-api: routes are composed in features/feature-routes.ts alone; a feature uses shared code (shared/, framework/,
  // http/, auth/, the domain, the queries), never another feature, and shared code never a feature.
  restrict(['command-api/src/features/*/**'], [
    { regex: '^\\.\\./(?!\\.\\.)', message: 'A feature must not import another feature: move what both need to command-api/src/shared or the domain.' },
    { regex: '(^|/)features/', message: 'A feature must not import another feature: move what both need to command-api/src/shared or the domain.' },
  ]),
  restrict(['command-api/src/{shared,framework,http,auth,realtime,testing}/**'], [
    { regex: '(^|/)features/', message: 'Shared code must not import features; features are composed in features/feature-routes.ts.' },
  ]),
  restrict(['projections/src/**'], [
    { group: ['@accommodate/command-api/*', '@accommodate/workers/*', '@accommodate/ui/*'], message: 'projections may use only shared-events.' },
  ]),
  restrict(['workers/src/**'], [
    { group: ['@accommodate/command-api/*', '@accommodate/ui/*'], message: 'workers may use only shared-events and projections.' },
  ]),
  restrict(['ui/src/**'], [
    { group: ['@accommodate/command-api/*', '@accommodate/projections/*', '@accommodate/workers/*', '@accommodate/shared-events/event-store/*'], message: 'The UI shares only schemas and config with the server.' },
  ]),
);
