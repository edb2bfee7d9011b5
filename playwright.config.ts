import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromiumLaunchOptions.ts';

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browsers here)
 * against e2e/server.ts: the local service (fresh data dir, seeded), the built dist/ and the
 * demo blog, all on one loopback origin.
 */
const port = Number(process.env.TROVE_E2E_PORT ?? 4179);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `tsx e2e/server.ts`,
    env: { TROVE_E2E_PORT: String(port) },
    url: `http://127.0.0.1:${port}/_trove/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 2000 },
  },
});
