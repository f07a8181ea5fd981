import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** Imports flow one way only: app → features → shared (components, lib); back end: command-api → projections/workers → shared-events. */
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'bench/.work/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['ui/src/**/*.tsx', 'ui/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
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
  restrict(['ui/src/lib/**', 'ui/src/components/**'], [
    { group: ['**/features/**', '**/app/**'], message: 'Shared code must not import features or app.' },
  ]),
  restrict(['ui/src/features/**'], [
    { group: ['**/app/**'], message: 'Features must not import app.' },
  ]),
);
