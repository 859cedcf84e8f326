import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/support/chromium';

/**
 * The instruction's screenshots (decision 63): `npm run docs:screenshots` shoots every screen the guides show in
 * every guide language from the real server on the demo data it seeds, into content/instruction/screens/. It is
 * not part of `npm test`: it rewrites files in the repository and takes minutes.
 */
const port = Number(process.env.E2E_PORT ?? 5194);

export default defineConfig({
  testDir: 'tests/docs',
  outputDir: `test-results/docs-${port}`,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  // One worker: the guides of different languages sign in as the same demo people and set their cabinet language.
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
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
