import { defineConfig } from '@playwright/test';
import type { EngineName } from './support/drivers';

/**
 * The shopper's main journeys in the three engines shoppers use (e2e/engines/support/drivers.ts says
 * how each is driven): WebKitGTK (Safari's engine), Firefox ESR and Chromium, against the production
 * build and a fresh reference server. Run through `npm run test:engines` (scripts/e2e.mjs --engines),
 * which also starts Xvfb and WebKitWebDriver and sets BASE_URL, WEBKIT_WEBDRIVER_URL, E2E_DATA_DIR
 * and E2E_STATIC_DIR. Playwright Test is the runner; its `request` fixture sets up data through the API.
 */
const inCI = process.env.CI === 'true' || process.env.CI === '1';

export default defineConfig<{ engine: EngineName }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/engines-output',
  fullyParallel: false,
  // One browser at a time: WebKitWebDriver runs one session, and the machine has two cores.
  workers: 1,
  retries: inCI ? 1 : 0,
  forbidOnly: inCI,
  reporter: [['list'], ['../support/timing-reporter.ts']],
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: { baseURL: process.env.BASE_URL },
  projects: [
    { name: 'webkit', use: { engine: 'webkit' } },
    { name: 'firefox', use: { engine: 'firefox' } },
    { name: 'chromium', use: { engine: 'chromium' } },
  ],
});
