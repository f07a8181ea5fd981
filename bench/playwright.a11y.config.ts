import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { runDataDir } from '../e2e/run-data-dir.ts';
import base from '../playwright.config.ts';

// The accessibility and keyboard specs on their own port and store, so they can run beside
// another Playwright run: `npx playwright test -c bench/playwright.a11y.config.ts`.
const PORT = Number(process.env.A11Y_PORT ?? 3187);
const dataDir = runDataDir('accommodate-a11y');
// Its own build of the current UI sources, so it neither serves a stale ui/dist nor rebuilds one another run is serving.
const uiDist = join(dataDir, 'ui-dist');

export default defineConfig({
  ...base,
  testDir: '../e2e',
  testMatch: /(a11y|keyboard).*\.e2e\.spec\.ts$/,
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    command: `cd ui && node ../node_modules/vite/bin/vite.js build --outDir ${uiDist} --emptyOutDir --logLevel error && cd .. && node --import tsx command-api/src/main.ts`,
    cwd: '..',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', UI_DIST: uiDist },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
