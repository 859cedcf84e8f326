import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/support/chromium';

/**
 * Browser tests in Debian's Chromium against the real server (built PWA + API)
 * on a fresh temporary database: tests/e2e/start-server.sh builds and starts it.
 * E2E_PORT picks the port; E2E_SKIP_BUILD=1 reuses the last build.
 */
const port = Number(process.env.E2E_PORT ?? 5180);

export default defineConfig({
  testDir: 'tests/e2e',
  // Runs on different ports side by side keep their traces apart.
  outputDir: `test-results/${port}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    // The service worker is left out here; the `offline` project below tests it on purpose.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: [/phone\.spec/, /offline\.spec/],
    },
    { name: 'phone', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, testMatch: /phone\.spec/ },
    // The service worker on purpose: offline reloads, the update prompt, installability. One worker, also across
    // --repeat-each: the update test rebuilds the served directory while it runs, and two such builds would mix.
    {
      name: 'offline',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' },
      testMatch: /offline\.spec/,
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: 'bash tests/e2e/start-server.sh',
    url: `http://localhost:${port}/api/health`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
