import { defineConfig } from '@playwright/test';
import { runDataDir } from './e2e/run-data-dir.ts';
import { E2E_DNS_PORT, E2E_PORT as PORT } from './e2e/e2e-ports.ts';

const baseURL = `http://localhost:${PORT}`;
// A fresh store per run: tests register their own accounts and never see old data.
const dataDir = runDataDir('accommodate-e2e');

// `SCREENSHOTS=1 npx playwright test` runs only the screenshot tour (e2e/screenshots.ts), saving PNGs to .tmp/screens.
const screenshots = process.env.SCREENSHOTS === '1';

export default defineConfig({
  testDir: 'e2e',
  testMatch: screenshots ? /screenshots\.ts$/ : /.*\.e2e\.spec\.ts$/,
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // A browser's first visit of a signed-in route downloads and runs its ~80 chunks (≈ 350 KB): on a 2-core machine
  // busy with the server too, that passed 5 s in some runs. Expectations wait up to 10 s; what they assert is unchanged.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The UI honours the system's reduced-motion setting (antd-layout.tsx). Without it, a click landing while a
    // dialog or popup was still zooming in missed its button on a slow machine (two CI flakes, 2026-11-25).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The UI is built first when missing or older than its sources, so a bare `npx playwright test` never tests a stale one.
    command: 'node scripts/build-ui-if-stale.mjs && node --import tsx command-api/src/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Every test registers its own teachers from 127.0.0.1: far more than a school's training day.
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', REGISTRATIONS_PER_ADDRESS: '10000', DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}` },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
