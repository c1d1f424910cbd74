import { mkdirSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { CutProxy } from './cut-proxy';
import { openChromium, openFirefox, openWebKit, type EngineDriver, type EngineName } from './drivers';
import { SCREENSHOTS, Screen } from './screen';

export { expect } from '@playwright/test';

interface WorkerFixtures {
  /** The engine of this project (e2e/engines/playwright.config.ts). */
  engine: EngineName;
  /** The shopper's network: the browser reaches the server only through it. */
  network: CutProxy;
}

interface TestFixtures {
  /**
   * The shopper's phone: a fresh browser of this project's engine (no cookies, caches or service
   * worker) at 390x844. (Not `screen`: that name is Playwright's own viewport option.)
   */
  phone: Screen;
  /**
   * Whether the phone unlocks passkeys with its owner's fingerprint or face: a virtual authenticator
   * (EngineDriver.addVirtualAuthenticator) from the start. `test.use({ virtualAuthenticator: true })`,
   * in engines that have WebAuthn.
   */
  virtualAuthenticator: boolean;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the engine journeys with \`npm run test:engines\`.`);
  return value;
}

function open(engine: EngineName, { virtualAuthenticator }: { virtualAuthenticator: boolean }): Promise<EngineDriver> {
  if (engine === 'webkit') return openWebKit(required('WEBKIT_WEBDRIVER_URL'));
  if (engine === 'firefox') return openFirefox({ webAuthn: virtualAuthenticator });
  return openChromium();
}

async function withAuthenticator(driver: EngineDriver): Promise<void> {
  if (!driver.addVirtualAuthenticator) throw new Error(`${driver.version} has no WebAuthn: no virtual authenticator`);
  await driver.addVirtualAuthenticator();
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  network: [
    async ({ engine }, use) => {
      void engine; // one relay per worker, whatever its engine
      const server = new URL(required('BASE_URL'));
      const proxy = await CutProxy.start(Number(server.port));
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  virtualAuthenticator: [false, { option: true }],
  phone: async ({ engine, network, virtualAuthenticator }, use, testInfo) => {
    network.restore();
    mkdirSync(SCREENSHOTS, { recursive: true });
    const driver = await open(engine, { virtualAuthenticator });
    try {
      if (virtualAuthenticator) await withAuthenticator(driver);
      await use(new Screen(driver, `http://localhost:${network.port}`));
      if (testInfo.status !== testInfo.expectedStatus) {
        // What the shopper saw when it failed: the screen, its address and its text.
        const shot = testInfo.outputPath('failure.png');
        await driver.screenshot(shot).catch(() => {});
        await testInfo.attach('screen at failure', { path: shot, contentType: 'image/png' }).catch(() => {});
        const text = await driver
          .run<string>('return location.href + "\\n\\n" + document.body.innerText;')
          .catch((error: unknown) => `(could not read the page: ${String(error)})`);
        await testInfo.attach('page text at failure', { body: text, contentType: 'text/plain' });
      }
    } finally {
      // A browser that will not close must not hold the run (WebKitWebDriver replaces its session).
      await Promise.race([driver.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
  },
});
