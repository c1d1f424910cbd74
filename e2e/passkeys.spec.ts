import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { announcement, atPath, logIn, logInAt, reviewScreenshot } from './support/app';
import { expectNoAxeViolations } from './support/axe';
import { apiToken, fundShopper } from './support/shopper';
import { registerUser, uniqueUser, type NewUser } from './support/users';

// Passkeys (WebAuthn) in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn
// domain): a platform authenticator that verifies its user, as a phone's fingerprint or face does.
// A shopper adds a passkey when it is offered after a password login, signs in with it, pays an order
// and withdraws with it instead of the payment code, and removes it; a backend without the passkey
// operations shows none of this. The taps and seconds of paying with a passkey and with the code are
// written to test-results/passkey-timings.json.

const PAY_CODE = '135790';
const TEA = { mer_id: 7, product_id: 18, id: 18, spec: '' };

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A virtual platform authenticator for this page's browser context: every prompt is answered with a verified user. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Hides passkey autofill from the app (PublicKeyCredential.isConditionalMediationAvailable answers
 * false) in this page and the documents opened while `off` (turned back on: in the documents opened
 * after): Chromium's virtual authenticator answers the account field's quiet request at once, so
 * without this the button could never be the way in, and a logout would sign straight back in.
 */
async function withoutAutofill(page: Page, off: boolean): Promise<void> {
  if (!autofillSwitches.has(page)) {
    autofillSwitches.add(page);
    await page.addInitScript(() => {
      if (window.localStorage.getItem('e2e:no-passkey-autofill') !== '1') return;
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
  }
  await page.evaluate((value) => {
    if (value) {
      window.localStorage.setItem('e2e:no-passkey-autofill', '1');
      // The page already open too: logging out moves it to /login without loading a new document.
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    } else window.localStorage.removeItem('e2e:no-passkey-autofill');
  }, off);
}
const autofillSwitches = new WeakSet<Page>();

async function api<T>(request: APIRequestContext, token: string, method: 'get' | 'post', url: string, data?: object) {
  const answer = await request[method](url, {
    headers: { token, lang: 'en', 'Idempotency-Key': crypto.randomUUID() },
    ...(data && { data }),
  });
  return (await answer.json()) as Envelope<T>;
}

/** An unpaid order of one green tea (12.50 + 5.00 freight) through the API; its payment number and total. */
async function unpaidOrder(request: APIRequestContext, token: string): Promise<{ outTradeNo: string; total: string }> {
  expect((await api(request, token, 'post', '/api/cart/add', { ...TEA, num: 1 })).code).toBe(1);
  const bag = await api<{ carts: { cart_id: number }[] }>(request, token, 'get', '/api/cart/index');
  const addresses = await api<{ list: { address_id: number }[] }>(request, token, 'get', '/api/user/address_list');
  const submitted = await api<{ out_trade_no: string; total_price: string }>(
    request,
    token,
    'post',
    '/api/order/merSubmit',
    {
      address_id: addresses.data.list[0]!.address_id,
      cart_ids: bag.data.carts.map((line) => line.cart_id).join(','),
    },
  );
  expect(submitted.code).toBe(1);
  return { outTradeNo: submitted.data.out_trade_no, total: submitted.data.total_price };
}

/** Logs out from Me and waits until the session cookie is gone (a page opened next is a visitor's). */
async function logOut(page: Page): Promise<void> {
  await page.goto('/filter');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out', exact: true }).click();
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'token')).toBe(false);
}

async function balanceOf(request: APIRequestContext, token: string): Promise<string> {
  return (await api<{ balance: string }>(request, token, 'get', '/api/user/extract')).data.balance;
}

/** A shopper with a payment code, a balance of 300.00 and an address. */
async function buyer(request: APIRequestContext): Promise<{ user: NewUser; token: string }> {
  const user = uniqueUser();
  await registerUser(request, user);
  await fundShopper(request, user, { payCode: PAY_CODE, balance: '300.00' });
  const token = await apiToken(request, user);
  const saved = await api(request, token, 'post', '/api/user/address_add', {
    name: 'Pat Shopper',
    quhao: '1',
    mobile: '2015550123',
    country: 'United States, New York, New York',
    detail: '350 Fifth Avenue',
    tag: 'Home',
    is_default: 1,
  });
  expect(saved.code).toBe(1);
  return { user, token };
}

test.describe('Passkeys', () => {
  test('added when offered after a login, signs in, pays and withdraws once, then removed', async ({ page }) => {
    test.setTimeout(180_000);
    const { user, token } = await buyer(page.request);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const timings: Record<string, { taps: number; seconds: number }> = {};

    await test.step('a login with the password offers a passkey once; one tap adds it', async () => {
      await logInAt(page, user.username, user.password);
      const offer = page.getByRole('dialog', { name: 'Sign in faster next time' });
      await expect(offer).toBeVisible();
      // The name starts as the device's (the phone's user agent: Android).
      await expect(offer.getByRole('textbox', { name: 'Passkey name' })).toHaveValue('Android phone');
      await expectNoAxeViolations(page, 'passkey offer after login');
      await reviewScreenshot(page, 'passkey-offer');
      await offer.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(announcement(page, 'Passkey added')).toBeAttached();
      await expect(offer).toBeHidden();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.isResidentCredential).toBe(true);
    });

    await test.step('Security lists it as on this device', async () => {
      await page.goto('/security');
      const card = page.getByRole('region', { name: 'Passkeys' });
      const row = card.getByRole('listitem');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Android phone');
      await expect(row).toContainText('This device');
      await expect(row).toContainText('Not used yet');
      await expectNoAxeViolations(page, 'security with a passkey');
      await reviewScreenshot(page, 'passkey-security');
    });

    await test.step('logs out; the account field offers the passkey (autofill), which signs in', async () => {
      await withoutAutofill(page, true);
      await logOut(page);
      await withoutAutofill(page, false);
      // Chromium's virtual authenticator answers the field's quiet request itself, as the shopper who
      // picks the passkey among the account field's suggestions.
      const started = Date.now();
      await page.goto('/login');
      await expect(announcement(page, 'Login Success')).toBeAttached();
      await page.waitForURL((url) => url.pathname !== '/login');
      timings.signInWithAutofill = { taps: 1, seconds: (Date.now() - started) / 1000 };
    });

    await test.step('logs out, then signs in with the button: one tap', async () => {
      await withoutAutofill(page, true);
      await logOut(page);
      await page.goto('/login');
      const button = page.getByRole('button', { name: 'Sign in with a passkey' });
      await expect(button).toBeVisible();
      await expectNoAxeViolations(page, 'login with a passkey button');
      await reviewScreenshot(page, 'passkey-login');
      const started = Date.now();
      await button.click();
      await expect(announcement(page, 'Login Success')).toBeAttached();
      await page.waitForURL((url) => url.pathname !== '/login');
      timings.signInWithPasskey = { taps: 1, seconds: (Date.now() - started) / 1000 };
    });

    await test.step('pays an order with the passkey: one tap, the balance and the ledger move once', async () => {
      const order = await unpaidOrder(page.request, token);
      const before = await balanceOf(page.request, token);
      await page.goto(`/payment?out_trade_no=${order.outTradeNo}`);
      const pay = page.getByRole('button', { name: `Pay $${order.total} with passkey` });
      await expect(pay).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use payment code' })).toBeVisible();
      await expectNoAxeViolations(page, 'payment with a passkey');
      await reviewScreenshot(page, 'passkey-payment');
      const started = Date.now();
      await pay.click();
      await expect(announcement(page, 'Pay Success')).toBeAttached();
      await page.waitForURL(/\/orderInfo\/\d+$/);
      timings.payWithPasskey = { taps: 1, seconds: (Date.now() - started) / 1000 };
      const after = await balanceOf(page.request, token);
      expect(Math.round((Number(before) - Number(after)) * 100)).toBe(Math.round(Number(order.total) * 100));
      const bills = await api<{ count: number }>(page.request, token, 'get', '/api/user/bill?type=pay');
      expect(bills.data.count).toBe(1);
    });

    await test.step('the same payment with the code, for comparison: Pay and six digits', async () => {
      const order = await unpaidOrder(page.request, token);
      await page.goto(`/payment?out_trade_no=${order.outTradeNo}`);
      const useCode = page.getByRole('button', { name: 'Use payment code' });
      await expect(useCode).toBeVisible();
      const started = Date.now();
      await useCode.click();
      const sheet = page.getByRole('dialog', { name: 'Enter your payment code' });
      await expect(sheet).toBeVisible();
      for (const digit of PAY_CODE) await page.getByRole('button', { name: digit, exact: true }).click();
      await expect(announcement(page, 'Pay Success')).toBeAttached();
      await page.waitForURL(/\/orderInfo\/\d+$/);
      timings.payWithCode = { taps: 1 + PAY_CODE.length, seconds: (Date.now() - started) / 1000 };
    });

    await test.step('withdraws to a bank card with the passkey', async () => {
      const before = await balanceOf(page.request, token);
      await page.goto('/withDraw');
      await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('50');
      await page.getByRole('textbox', { name: 'Bank card number' }).fill('6222020200112233445');
      await page.getByRole('textbox', { name: 'Bank name' }).fill('Example Bank');
      await page.getByRole('textbox', { name: 'Real name' }).fill('Pat Shopper');
      await reviewScreenshot(page, 'passkey-withdraw');
      await page.getByRole('button', { name: 'Withdraw with passkey' }).click();
      await expect(announcement(page, 'Draw Success')).toBeAttached();
      await expect(page).toHaveURL(atPath('/depositRecord'));
      const after = await balanceOf(page.request, token);
      expect(Math.round((Number(before) - Number(after)) * 100)).toBe(5000);
    });

    await test.step('removes it with the login password; a sign-in with it then says it was removed', async () => {
      await page.goto('/security');
      const card = page.getByRole('region', { name: 'Passkeys' });
      await expect(card.getByRole('listitem')).toContainText('Last used');
      await card.getByRole('button', { name: 'Remove passkey Android phone' }).click();
      const sheet = page.getByRole('dialog', { name: 'Remove Android phone?' });
      await sheet.getByLabel('Login password', { exact: true }).fill(user.password);
      await expectNoAxeViolations(page, 'remove a passkey');
      await sheet.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(announcement(page, 'Android phone removed')).toBeAttached();
      await expect(card.getByText('No passkeys yet.')).toBeVisible();
      const listed = await api<{ count: number }>(page.request, token, 'get', '/api/user/passkey/list');
      expect(listed.data.count).toBe(0);

      await logOut(page);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      // The device may still hold it (or has forgotten it through WebAuthn's signal): either way no sign-in.
      await expect(
        announcement(page, 'This passkey was removed from your account. Sign in with your password', 'alert').or(
          announcement(
            page,
            'This device has no passkey for this shop yet. Sign in with your password, then add one in Security.',
            'alert',
          ),
        ),
      ).toBeAttached();
      await expect(page).toHaveURL(atPath('/login'));
    });

    writeFileSync(
      path.join(__dirname, '..', 'test-results', 'passkey-timings.json'),
      `${JSON.stringify(timings, null, 2)}\n`,
    );
    console.log(`passkey timings: ${JSON.stringify(timings)}`);
  });

  test('offered where the page’s host can be the relying party: by localhost, and by 127.0.0.1 nowhere', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { user, token } = await buyer(page.request);
    await addVirtualAuthenticator(page);
    // The journeys open the shop by localhost (scripts/e2e.mjs), the relying party ID of a server
    // without PUBLIC_URL; the same server by 127.0.0.1 is a secure context with WebAuthn, but browsers
    // refuse an IP address as the relying party: no passkey can be made or used there.
    const byName = new URL(process.env.BASE_URL ?? '');
    expect(byName.hostname).toBe('localhost');
    const byAddress = new URL(byName.href);
    byAddress.hostname = '127.0.0.1';
    const passkeyChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(passkey-[a-z-]+|webauthn)\.[0-9a-f]+\.js$/.test(request.url())) passkeyChunks.push(request.url());
    });
    const pay = async (origin: URL) => {
      const order = await unpaidOrder(page.request, token);
      await page.goto(new URL(`/payment?out_trade_no=${order.outTradeNo}`, origin).href);
      return order.total;
    };

    let devicePasskeys: string | null = null;
    await test.step('by localhost: the sign-in button, the offer after a login, Security and the payment', async () => {
      await page.goto(new URL('/login', byName).href);
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await logIn(page, user.username, user.password);
      const offer = page.getByRole('dialog', { name: 'Sign in faster next time' });
      await offer.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(announcement(page, 'Passkey added')).toBeAttached();
      await page.goto(new URL('/security', byName).href);
      await expect(
        page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }),
      ).toBeVisible();
      const total = await pay(byName);
      await expect(page.getByRole('button', { name: `Pay $${total} with passkey` })).toBeVisible();
      devicePasskeys = await page.evaluate((key) => window.localStorage.getItem(key), `passkeys:${user.username}`);
      expect(devicePasskeys).not.toBeNull();
    });

    await test.step('by 127.0.0.1: nothing of passkeys, and their code is not even fetched', async () => {
      const fetchedBefore = passkeyChunks.length;
      // Waits until the screen's idle work (where /login fetches the button's code) has had its turn.
      const idleWorkDone = async () => {
        await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 3000 })));
        await page.waitForLoadState('networkidle');
      };
      await page.goto(new URL('/login', byAddress).href);
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
      await idleWorkDone();
      await expect(page.getByText(/passkey/i)).toHaveCount(0);

      await logIn(page, user.username, user.password);
      await expect(announcement(page, 'Login Success')).toBeAttached();
      await page.waitForURL((url) => url.pathname !== '/login');
      await idleWorkDone();
      await expect(page.getByRole('dialog', { name: 'Sign in faster next time' })).toHaveCount(0);

      await page.goto(new URL('/security', byAddress).href);
      await expect(page.getByRole('region', { name: 'Passwords' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Passkeys' })).toHaveCount(0);
      await expect(page.getByText(/passkey/i)).toHaveCount(0);

      // Even where this device remembers using the account's passkey, the payment asks for the code.
      await page.evaluate(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [`passkeys:${user.username}`, devicePasskeys],
      );
      const total = await pay(byAddress);
      await expect(page.getByRole('button', { name: `Pay $${total}`, exact: true })).toBeVisible();
      await expect(page.getByText(/passkey/i)).toHaveCount(0);
      expect(passkeyChunks.slice(fetchedBefore)).toEqual([]);
    });
  });

  test('/login does not move when the passkey button arrives, however late its code comes', async ({ page }) => {
    // The button's code held back on purpose, so it arrives well after the screen has drawn.
    const DELAY_MS = 1500;
    const delayed: string[] = [];
    await page.route(/\/assets\/passkey-sign-in\.[0-9a-f]+\.(js|css)$/, async (route) => {
      delayed.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: { value: number; hadRecentInput: boolean; moved: string[] }[] = [];
      (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        }[]) {
          const moved = entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName.toLowerCase()}.${source.node.className} "${source.node.textContent?.trim().slice(0, 40) ?? ''}"`
              : String(source.node?.textContent ?? ''),
          );
          shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    expect(delayed.length, 'the button’s code was held back').toBeGreaterThan(0);
    // Two frames after the button is there, every shift its arrival caused has been reported.
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; hadRecentInput: boolean; moved: string[] }[]>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => done((window as unknown as { __layoutShifts: never }).__layoutShifts)),
          ),
        ),
    );
    const cumulative = shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
    console.log(`/login: cumulative layout shift ${cumulative} with the passkey button's code ${DELAY_MS} ms late`);
    expect(shifts.filter((shift) => !shift.hadRecentInput)).toEqual([]);
  });

  test('a backend without the passkey operations shows no passkey anywhere', async ({ page }) => {
    const { user } = await buyer(page.request);
    await addVirtualAuthenticator(page);
    // A family backend: the passkey paths are unknown to it, and getUserInfo names no passkeys.
    await page.route('**/api/user/passkey/**', (route) =>
      route.fulfill({ status: 404, json: { code: 0, msg: 'Not found', data: null } }),
    );
    await page.route('**/api/user/getUserInfo', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as Envelope<Record<string, unknown>>;
      delete body.data.passkeys;
      await route.fulfill({ response: answer, json: body });
    });
    await logInAt(page, user.username, user.password);
    await expect(page.getByRole('dialog', { name: 'Sign in faster next time' })).toHaveCount(0);
    await page.goto('/security');
    await expect(page.getByRole('region', { name: 'Passwords' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passkeys' })).toHaveCount(0);
    // The user info has loaded by now: still no offer.
    await expect(page.getByRole('dialog', { name: 'Sign in faster next time' })).toHaveCount(0);
    await logOut(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  });
});
