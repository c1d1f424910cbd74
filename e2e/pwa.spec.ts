import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { atPath, logInAt, reviewScreenshot } from './support/app';
import { deployNewWorker } from './support/deploy';
import { registerUser, uniqueUser } from './support/users';

// The installable app (webpack.config.js serviceWorker(), scripts/lib/pwa-assets.cjs): manifest and
// service worker, the shell and catalog offline, the wallet's offline state, caches cleared at logout
// and on a 401, and the 'New version available' prompt of a new deployment.

test.use({ serviceWorkers: 'allow' });

const LAPTOP = /UltraBook Pro Laptop/;

/** Waits until the service worker is active, reloads, and checks that it controls the page. */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** Every Cache Storage entry: cache name, URL and whether the stored request carried a token. */
function cacheEntries(page: Page): Promise<{ cache: string; url: string; token: boolean }[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; token: boolean }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        entries.push({ cache: name, url: request.url, token: request.headers.has('token') });
      }
    }
    return entries;
  });
}

/**
 * Chromium's offline mode (context.setOffline) covers the page but not the requests a service
 * worker makes itself (microsoft/playwright#2311): those are aborted as 'internetdisconnected' too,
 * so the worker meets the same dead network the page does. The worker's requests are routable with
 * PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1 (e2e/playwright.config.ts).
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', offlineWorker);
}
function offlineWorker(route: Route) {
  if (route.request().serviceWorker()) return route.abort('internetdisconnected');
  return route.fallback();
}
async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**', offlineWorker);
  await context.setOffline(false);
}

/** Opens Home, picks the laptop and returns its product path (the product page is then open). */
async function visitLaptop(page: Page): Promise<string> {
  await page.goto('/home');
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Computers', exact: true }).click();
  const laptop = page.getByRole('list', { name: 'Recommended for you' }).getByRole('link', { name: LAPTOP });
  await laptop.click();
  await expect(page).toHaveURL(/\/detail\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { name: LAPTOP, level: 2 })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Waits until the service worker has stored an answer whose URL contains `part`. */
async function expectCached(page: Page, part: string): Promise<void> {
  await expect
    .poll(async () => (await cacheEntries(page)).some((entry) => entry.url.includes(part)), { timeout: 15_000 })
    .toBe(true);
}

test.describe('Installable app', () => {
  test('the manifest is linked and valid, its icons load, and the service worker controls the page', async ({
    page,
  }) => {
    await page.goto('/home');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      lang: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Orbit Market',
      short_name: 'Orbit Market',
      start_url: '/home',
      display: 'standalone',
      lang: 'en',
    });
    // The same colour as the document's theme-color (the theme's --brand).
    expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      // A PNG whose IHDR says the size the manifest declares.
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }

    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const csp = (await page.request.get('/home', { headers: { accept: 'text/html' } })).headers()[
      'content-security-policy'
    ];
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    await controlledBySw(page);
    // Chromium's own installability check (what decides whether it offers to install the app).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chromium never offers to install; nothing else is missing.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    // The shell and the route chunks are precached; nothing of the API is.
    const entries = await cacheEntries(page);
    expect(entries.some((entry) => /\/index\.html/.test(entry.url))).toBe(true);
    expect(entries.some((entry) => /\/assets\/main\.[0-9a-f]{8}\.js$/.test(entry.url))).toBe(true);
    expect(entries.some((entry) => /\/assets\/catalog-detail\.[0-9a-f]{8}\.js$/.test(entry.url))).toBe(true);
  });

  test('Home and a visited product open offline; the wallet shows the offline state, not the balance', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const user = uniqueUser();
    await registerUser(page.request, user);
    await logInAt(page, user.username, user.password);
    await page.goto('/home');
    await controlledBySw(page);
    const productPath = await visitLaptop(page);
    await expectCached(page, '/api/product/detail');

    await test.step('the wallet: the balance online, the offline state offline', async () => {
      await page.goto('/topUp');
      const balance = page.locator('.wallet-balance__amount');
      await expect(balance).toHaveText('$0.00');
      await goOffline(context);
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
      await expect(page.getByText('This screen needs a connection.', { exact: false })).toBeVisible();
      await expect(balance).toBeHidden();
      await reviewScreenshot(page, 'pwa-wallet-offline');
      // The worker has no network either: a catalog read it never stored fails.
      const probe = await page.evaluate(() =>
        fetch(`/api/index/banner?probe=${Date.now()}`).then(
          () => 'answered',
          () => 'failed',
        ),
      );
      expect(probe).toBe('failed');
    });

    await test.step('Home opens from the cache', async () => {
      await page.goto('/home');
      await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Computers' }).click();
      await expect(
        page.getByRole('list', { name: 'Recommended for you' }).getByRole('link', { name: LAPTOP }),
      ).toBeVisible();
    });

    await test.step('the product the shopper looked at opens from the cache', async () => {
      await page.goto(productPath);
      await expect(page.getByRole('heading', { name: LAPTOP, level: 2 })).toBeVisible();
    });

    await test.step('a screen not stored says it is offline', async () => {
      await page.goto('/topUp');
      await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
      await expect(page.getByText('$0.00')).toHaveCount(0);
      await page.goto('/detail/999999/1');
      await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
      await expect(page.getByText('This was not saved for offline use.', { exact: false })).toBeVisible();
      await reviewScreenshot(page, 'pwa-offline-not-saved');
    });

    await goOnline(context);
    await page.goto('/topUp');
    await expect(page.locator('.wallet-balance__amount')).toHaveText('$0.00');
  });

  test('logging out leaves nothing of the shopper in Cache Storage; neither does a 401', async ({ page, context }) => {
    test.setTimeout(90_000);
    const user = uniqueUser();
    await registerUser(page.request, user);
    await logInAt(page, user.username, user.password);
    await page.goto('/home');
    await controlledBySw(page);
    await visitLaptop(page);
    await expectCached(page, '/api/product/detail');
    await expectCached(page, '/media/');
    // What the session stored carries the shopper's token (answers personalised with their likes).
    expect((await cacheEntries(page)).some((entry) => entry.token)).toBe(true);

    await page.goto('/filter');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).toHaveURL(atPath('/login'));
    await expect
      .poll(async () => (await cacheEntries(page)).filter((entry) => /\/(api|media)\//.test(entry.url) || entry.token))
      .toEqual([]);

    await test.step('the server ends the session (401): the caches are cleared too', async () => {
      await logInAt(page, user.username, user.password);
      await visitLaptop(page);
      await expectCached(page, '/api/product/detail');
      // The session's token, as the app keeps it (the 'token' cookie, src/store/persistence.ts).
      const tokenValue = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
      expect(tokenValue).toBeTruthy();
      // The token ends elsewhere (e.g. a logout on another device): the app's next call meets a 401.
      await page.request.post('/api/user/logout?lang=en', { headers: { token: tokenValue!, lang: 'en' } });
      await page.goto('/filter');
      await expect(page).toHaveURL(atPath('/login'));
      await expect
        .poll(async () =>
          (await cacheEntries(page)).filter((entry) => /\/(api|media)\//.test(entry.url) || entry.token),
        )
        .toEqual([]);
    });
  });

  test('a new deployment shows the reload prompt, and Reload brings the new version', async ({ page }) => {
    await page.goto('/home');
    await controlledBySw(page);
    const deployment = deployNewWorker();
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
      await expect(prompt.getByText('New version available', { exact: true })).toBeVisible({ timeout: 20_000 });
      await reviewScreenshot(page, 'pwa-update-prompt');
      const reloaded = page.waitForEvent('framenavigated');
      await prompt.getByRole('button', { name: 'Reload', exact: true }).click();
      await reloaded;
      await expect(page.getByRole('list', { name: 'Recommended for you' })).toBeVisible();
      await expect(page.getByText('New version available')).toHaveCount(0);
      // The page is now controlled by the new worker, which precached the new index.html revision.
      await expect
        .poll(async () => (await cacheEntries(page)).some((entry) => entry.url.includes(deployment.revision)))
        .toBe(true);
      // It may still be activating (its activate step clears the old caches) when the page is back.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    } finally {
      deployment.restore();
    }
  });
});
