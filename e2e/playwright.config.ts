import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * E2E journeys against the production build served by the reference server.
 * Run through `npm run test:e2e` (scripts/e2e.mjs), which builds, starts a freshly seeded server and
 * sets BASE_URL and E2E_DATA_DIR. The browser is Debian's chromium: no test downloads one.
 */
const inCI = process.env.CI === 'true' || process.env.CI === '1';
// `npm run test:e2e:dev` (scripts/e2e.mjs --dev-build): the development build's own journey only.
const devBuild = Boolean(process.env.E2E_DEV_BUILD);

// The requests a service worker makes itself reach context.route() only with this flag; the PWA
// journey (e2e/pwa.spec.ts) needs it to take the worker offline along with the page.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

export default defineConfig({
  testDir: '.',
  testMatch: devBuild ? '**/dev-checks.spec.ts' : '**/*.spec.ts',
  // The engine journeys have their own config and runner (npm run test:engines: e2e/engines/).
  testIgnore: devBuild ? ['engines/**'] : ['**/dev-checks.spec.ts', 'engines/**'],
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: inCI ? 1 : 0,
  forbidOnly: inCI,
  reporter: [['list'], ['./support/timing-reporter.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.BASE_URL,
    viewport: { width: 390, height: 844 },
    // 1, not a phone's 3: layout is the same and screenshots and painting stay fast.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium-phone',
      use: {
        browserName: 'chromium',
        // An Android Chrome user agent to match isMobile; viewport and touch come from `use` above.
        userAgent: devices['Pixel 7'].userAgent,
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
});
