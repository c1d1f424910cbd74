import { expect, test } from '@playwright/test';
import { logInAt } from './support/app';
import { expectNoAxeViolations } from './support/axe';

// Every screen of SPEC.md section 2 in both themes, apart from the journeys (which check the screens
// they pass in their states): each opened by its address as the seeded demo shopper (the visitor's
// screens logged out), checked by axe with the phone dark and then light (e2e/support/axe.ts).
// Screens that need a journey's state (checkout, payment, a refund's form) show what they show when
// opened by address.

const visitorScreens = ['/login', '/register', '/forgotPassword'];
const shopperScreens = [
  '/home',
  '/explore',
  '/popular',
  '/products',
  '/search',
  '/searchs?keyword=coffee',
  '/detail/1/1',
  '/shop/1',
  '/bag',
  '/filter',
  '/myPurchases',
  '/order',
  '/comment',
  '/refund',
  '/checkout',
  '/payment',
  '/myFavourite',
  '/heart',
  '/profile',
  '/setting',
  '/security',
  '/passwords',
  '/changePassword',
  '/changePayPwd',
  '/language',
  '/notification',
  '/address',
  '/addressForm',
  '/helpAndSupport',
  '/law',
  '/platform',
  '/service',
  '/services',
  '/topUp',
  '/walletTopUp',
  '/cardTopUp',
  '/withDraw',
  '/topUpRecord',
  '/depositRecord',
  '/capitalRecord',
  '/no-such-screen',
];

test.describe('Every screen in dark and light', () => {
  test.use({ colorScheme: 'dark' });

  test('a visitor', async ({ page }) => {
    for (const screen of visitorScreens) {
      await page.goto(screen);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoAxeViolations(page, `sweep ${screen}`);
    }
  });

  test('the demo shopper', async ({ page }) => {
    test.setTimeout(240_000);
    await logInAt(page, 'demo', 'demo123');
    for (const screen of shopperScreens) {
      await page.goto(screen);
      await expect(page.locator('h1').first()).toBeVisible();
      // The screen's content, not its loading state.
      await expect(page.locator('.state--loading')).toHaveCount(0);
      await expectNoAxeViolations(page, `sweep ${screen}`);
    }
  });
});
