import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared-events,command-api,projections,workers,ui,bench}/src/**/*.spec.{ts,tsx}', 'scripts/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
