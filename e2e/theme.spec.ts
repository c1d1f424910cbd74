import { expect, test, type Browser, type Page } from '@playwright/test';
import { announcement, atPath, logInAt, reviewScreenshot } from './support/app';
import { expectNoAxeViolations } from './support/axe';
import { fundShopper } from './support/shopper';
import { registerUser, uniqueUser } from './support/users';

// Dark mode (src/shared/ui/theme.css, src/shared/lib/theme.ts): the app follows the phone's colour
// scheme unless the shopper chose a theme in Settings; the server draws the first frame in the chosen
// theme. Every journey's axe check runs in both themes (e2e/support/axe.ts); this file checks what
// is particular to the theme: no flash of the other theme, and the Settings choice.

type Theme = 'light' | 'dark';

/** The page's background and the scheme the browser draws its own controls in, as painted now. */
const painted = (page: Page) =>
  page.evaluate(() => ({
    attribute: document.documentElement.getAttribute('data-prefers-color-scheme'),
    background: getComputedStyle(document.body).backgroundColor,
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));

const CANVAS: Record<Theme, string> = { light: 'rgb(245, 246, 248)', dark: 'rgb(15, 16, 19)' };

async function themedContext(browser: Browser, phone: Theme, chosen?: Theme) {
  const context = await browser.newContext({ colorScheme: phone, serviceWorkers: 'block' });
  if (chosen) {
    await context.addCookies([{ name: 'theme', value: chosen, url: test.info().project.use.baseURL ?? '' }]);
  }
  return context;
}

test.describe('Theme', () => {
  const cases: { phone: Theme; chosen?: Theme; expected: Theme }[] = [
    { phone: 'light', expected: 'light' },
    { phone: 'dark', expected: 'dark' },
    { phone: 'light', chosen: 'dark', expected: 'dark' },
    { phone: 'dark', chosen: 'light', expected: 'light' },
  ];
  for (const { phone, chosen, expected } of cases) {
    test(`the server's frame and the app paint the same theme: phone ${phone}, ${chosen ?? 'nothing'} chosen -> ${expected}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await themedContext(browser, phone, chosen);
      const page = await context.newPage();
      // No script of ours runs until the frame has been looked at: what it paints is the server's
      // document and the stylesheet alone, as a shopper's first paint on a slow network.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(boot|main|framework)\.[0-9a-f]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      const response = await page.goto(`${baseURL}/login`, { waitUntil: 'commit' });
      const served = (await response!.text()).match(/<html\b[^>]*>/)?.[0] ?? '';
      if (chosen) expect(served).toContain(`data-prefers-color-scheme="${chosen}"`);
      else expect(served).not.toContain('data-prefers-color-scheme');
      await page.locator('.app-frame').waitFor({ state: 'attached' });
      await page.waitForFunction(() => document.styleSheets.length > 0 && document.body !== null);
      const frame = await painted(page);
      expect(frame.background).toBe(CANVAS[expected]);
      expect(frame.scheme).toBe(expected);
      await page.screenshot({ path: test.info().outputPath(`frame-${phone}-${chosen ?? 'system'}.png`) });

      release();
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
      await expect(page.locator('.app-frame')).toHaveCount(0);
      const app = await painted(page);
      expect(app).toEqual({ attribute: expected, background: CANVAS[expected], scheme: expected });
      await context.close();
    });
  }

  test("the Settings choice overrides the phone's, survives a reload, and every screen reads well in dark", async ({
    browser,
  }) => {
    const context = await themedContext(browser, 'dark');
    const page = await context.newPage();
    const user = uniqueUser();
    await registerUser(page.request, user);
    await fundShopper(page.request, user, { payCode: '246810', balance: '80.00' });
    await logInAt(page, user.username, user.password);

    // Five screens in dark, for a person to look at (test-results/dark-*.png).
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Hot products' })).toBeVisible();
    await page.locator('.product-card__image').first().waitFor();
    await reviewScreenshot(page, 'dark-home');
    await page.goto('/detail/1/1');
    await expect(page.getByRole('button', { name: 'Add to bag' })).toBeVisible();
    await reviewScreenshot(page, 'dark-product');
    await page.goto('/walletTopUp');
    await page.getByRole('group', { name: 'Network', exact: true }).getByRole('button').first().click();
    const qr = page.getByRole('img', { name: /^QR code of the / });
    await expect(qr).toBeVisible();
    await expectNoAxeViolations(page, 'top up on chain (QR)');
    // The QR code stays dark on white whatever the theme, so any camera reads it.
    const qrBackground = await page
      .locator('.deposit__qr')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(qrBackground).toBe('rgb(255, 255, 255)');
    await reviewScreenshot(page, 'dark-top-up');
    await page.goto('/filter');
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    await reviewScreenshot(page, 'dark-me');

    await page.goto('/setting');
    const appearance = page.getByRole('group', { name: 'Appearance' });
    await expect(appearance.getByRole('radio', { name: /^Same as phone/ })).toBeChecked();
    expect((await painted(page)).attribute).toBe('dark');
    await expectNoAxeViolations(page, 'settings');
    await reviewScreenshot(page, 'dark-settings');

    // Light, chosen on a dark phone.
    await appearance.getByText('Light', { exact: true }).click();
    await expect(announcement(page, 'Setting Success')).toBeAttached();
    await expect.poll(async () => (await painted(page)).background).toBe(CANVAS.light);
    // ... kept across a reload: the server draws the document light, and the app stays light.
    const reload = await page.reload();
    expect((await reload!.text()).match(/<html\b[^>]*>/)?.[0]).toContain('data-prefers-color-scheme="light"');
    await expect(appearance.getByRole('radio', { name: 'Light', exact: true })).toBeChecked();
    expect(await painted(page)).toEqual({ attribute: 'light', background: CANVAS.light, scheme: 'light' });

    // Dark, chosen, on a phone switched to light meanwhile.
    await page.emulateMedia({ colorScheme: 'light' });
    await appearance.getByText('Dark', { exact: true }).click();
    await expect.poll(async () => (await painted(page)).background).toBe(CANVAS.dark);
    await page.reload();
    await expect(appearance.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
    expect(await painted(page)).toEqual({ attribute: 'dark', background: CANVAS.dark, scheme: 'dark' });

    // Back to the phone's (light now): the cookie goes, the document carries no theme.
    await appearance.getByText('Same as phone', { exact: true }).click();
    await expect.poll(async () => (await painted(page)).background).toBe(CANVAS.light);
    expect((await context.cookies()).some((cookie) => cookie.name === 'theme')).toBe(false);
    await expect(page).toHaveURL(atPath('/setting'));
    await context.close();
  });
});
