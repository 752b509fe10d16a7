/**
 * Browser tests against the shop as a shopper meets it: the built web app served by the API,
 * on the embedded database, the sandbox payment provider and the .eml outbox.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
// One data folder per run, shared with the tests through the environment (mails land in its outbox).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'shop-e2e-'));

/** Debian's Chromium here; CHROME_PATH or Playwright's own browser elsewhere. */
const executablePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './tests',
  timeout: 180_000,
  // Generous deadlines for a busy machine (they bound a wait; they are not speed checks).
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // A test that fails once fails the run: no retries (a flaky test is a failing test).
  retries: 0,
  failOnFlakyTests: true,
  // Counts for `npm test` (scripts/shop.mjs) come from the JSON report, not from the console.
  reporter: [['list'], ['json', { outputFile: '.test-report/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
    },
  },
});
