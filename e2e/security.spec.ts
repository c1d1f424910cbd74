import { expect, test, type Page } from '@playwright/test';
import { atPath, logInAt } from './support/app';
import { registerUser, uniqueUser } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// The production build under the server's Content-Security-Policy (server/src/platform/headers.ts): a journey
// through home, a product, login and the customer-service frame reports no violation, in the app or
// in the frame.

const MARK = 'Content Security Policy';

/**
 * Collects what chromium reports about the policy: its console messages ('Refused to ... because it
 * violates the following Content Security Policy directive') and every securitypolicyviolation
 * event, in the app and in its frames (the init script runs in each frame, the sandboxed one too).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes(MARK)) seen.push(`${message.type()}: ${message.text()}`);
  });
  await page.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${mark} violation event: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.documentURI}`,
      );
    });
  }, MARK);
  return seen;
}

/** The image has loaded (a blocked image never does). */
async function expectLoaded(image: ReturnType<Page['locator']>): Promise<void> {
  await expect
    .poll(() =>
      image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
}

test.describe('Content-Security-Policy', () => {
  test('home, a product, login and customer service run with no violation reported', async ({ page }) => {
    const violations = await watchViolations(page);
    const user = uniqueUser();
    await registerUser(page.request, user);

    await test.step('the SPA is served under the policy', async () => {
      const response = await page.goto('/home');
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
    });

    await test.step('home lists products with their images', async () => {
      const recommended = page.getByRole('list', { name: 'Recommended for you' });
      await expect(recommended.getByRole('link').first()).toBeVisible();
      await expectLoaded(recommended.locator('img').first());
    });

    await test.step('a product page with its gallery', async () => {
      await page.getByRole('list', { name: 'Recommended for you' }).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/detail\/\d+\/\d+$/);
      await expect(page.locator('#detail-title')).toBeVisible();
      await expect(page.getByRole('heading', { name: /Reviews/ })).toBeVisible();
      await expectLoaded(page.locator('main img:visible').first());
    });

    await test.step('login', async () => {
      await logInAt(page, user.username, user.password);
      await expect(page).not.toHaveURL(atPath('/login'));
      // The session cookie is written before the next step loads a page afresh.
      await expect
        .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'token'))
        .toBe(true);
    });

    await test.step('the customer-service frame loads sandboxed, shows its picture and answers a message', async () => {
      await page.goto('/service');
      const iframe = page.locator('iframe[title="Orbit Market customer service"]');
      await expect(iframe).toBeVisible();
      // Same origin as the app: scripts yes, its own origin no.
      const sandbox = (await iframe.getAttribute('sandbox')) ?? '';
      expect(sandbox.split(' ')).toContain('allow-scripts');
      expect(sandbox.split(' ')).not.toContain('allow-same-origin');
      const service = page.frameLocator('iframe[title="Orbit Market customer service"]');
      await expect(service.getByRole('heading', { name: 'Orbit Market customer service' })).toBeVisible();
      await expectLoaded(service.locator('header img'));
      await service.getByRole('textbox', { name: 'Message' }).fill('Where is my order?');
      await service.getByRole('button', { name: 'Send' }).click();
      const log = service.getByRole('log', { name: 'Conversation' });
      await expect(log.getByText('Where is my order?', { exact: true })).toBeVisible();
      await expect(log.getByText(/An agent of Orbit Market will answer here shortly/)).toBeVisible();
      await expect(page.getByText('Customer service did not load')).toBeHidden();
      await expectNoAxeViolations(page, 'customer service');
    });

    expect(violations).toEqual([]);

    await test.step('the watcher does see a violation (an inline script the policy refuses)', async () => {
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
      });
      await expect.poll(() => violations.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    });
  });
});
