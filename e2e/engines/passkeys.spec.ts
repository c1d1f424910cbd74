import type { APIRequestContext } from '@playwright/test';
import { SoftAuthenticator } from '../../server/src/tools/testing/soft-authenticator';
import { ShopperApi, teaInBag } from '../support/fault-flows';
import { apiToken, cents, dollars, fundShopper } from '../support/shopper';
import { registerUser, uniqueUser, type NewUser } from '../support/users';
import type { VirtualPasskey } from './support/drivers';
import { expect, test } from './support/fixtures';
import type { Screen } from './support/screen';
import { logIn } from './support/steps';

// Passkeys in the engines that have WebAuthn, on a phone whose fingerprint or face unlock is a
// virtual authenticator (WebAuthn's WebDriver extension: Marionette in Firefox, the DevTools protocol
// in Chromium). WebKitGTK has none (no PublicKeyCredential, even on localhost): journeys.spec.ts
// checks there that the shop offers no passkey and the password still signs in.

const START_BALANCE = '300.00';
const PAY_CODE = '135790';
const PASSKEY_NAME = 'Journey phone';

test.skip(({ engine }) => engine === 'webkit', 'WebKitGTK has no WebAuthn (journeys.spec.ts checks none is offered)');
test.use({ virtualAuthenticator: true });

/** A funded shopper with an unpaid order of one tea (placed through the API), and their API client. */
async function shopperWithUnpaidOrder(request: APIRequestContext) {
  const user = uniqueUser();
  await registerUser(request, user);
  await fundShopper(request, user, { payCode: PAY_CODE, balance: START_BALANCE });
  const api = new ShopperApi(request, await apiToken(request, user));
  await api.ok(
    'adding an address',
    api.post('/api/user/address_add', {
      name: 'Test Shopper',
      quhao: '66',
      mobile: '812345678',
      country: 'Thailand, Bangkok',
      detail: '1 Sukhumvit Road',
      tag: 'Home',
      is_default: 1,
    }),
  );
  const addresses = await api.ok<{ list: { address_id: number }[] }>(
    'listing addresses',
    api.get('/api/user/address_list', { page: 1, limit: 20 }),
  );
  const cart = await teaInBag(api);
  const order = await api.ok<{ order_ids: number[]; total_price: string }>(
    'submitting the order',
    api.post(
      '/api/order/merSubmit',
      { address_id: addresses.list[0]!.address_id, cart_ids: String(cart) },
      { intent: true },
    ),
  );
  return { user, api, order: { id: order.order_ids[0]!, totalCents: cents(order.total_price) } };
}

/**
 * A passkey of `user` made by a software authenticator (server/src/tools/testing) at `origin` and
 * added through the API, as the phone's own authenticator would have made it.
 */
async function passkeyMadeElsewhere(api: ShopperApi, user: NewUser, origin: string): Promise<VirtualPasskey> {
  // Not backed up: the virtual authenticators answer without the backup flags.
  const device = new SoftAuthenticator({ backedUp: false });
  const options = await api.ok<Parameters<SoftAuthenticator['create']>[0]>(
    'asking to add a passkey',
    api.post('/api/user/passkey/register_options', { password: user.password }),
  );
  const response = device.create(options, origin);
  await api.ok('adding the passkey', api.post('/api/user/passkey/register', { name: PASSKEY_NAME, response }));
  const made = device.credentials[0]!;
  return {
    credentialId: made.id,
    rpId: made.rpId,
    privateKey: made.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
    userHandle: made.userHandle,
    signCount: made.counter,
  };
}

/**
 * On /login (opened, or on its way there), signs in with the phone's passkey. Chromium's virtual
 * authenticator answers the account field's autofill request (conditional mediation) the moment
 * /login makes it, where a phone waits for the shopper to pick the passkey there: signed in without
 * a tap. Firefox's waits, as a phone does, and the shopper taps 'Sign in with a passkey'.
 */
async function signInWithPasskey(phone: Screen, screenshot: string): Promise<void> {
  if (phone.engine !== 'chromium') {
    await phone.expectPath('/login');
    const signIn = phone.getByRole('button', { name: 'Sign in with a passkey', exact: true });
    await phone.expectReady(signIn);
    await phone.screenshot(screenshot);
    await phone.click(signIn);
  }
  await phone.expectAnnounced('Login Success');
  await phone.expectPath('/home');
}

/** Pays the unpaid order on /payment with the passkey; the balance moves once, by the order's total. */
async function payWithPasskey(
  phone: Screen,
  api: ShopperApi,
  order: { id: number; totalCents: number },
  screenshot: string,
): Promise<void> {
  await phone.goto(`/orderInfo/${order.id}`);
  await phone.click(phone.getByRole('button', { name: 'Pay now', exact: true }));
  await phone.expectPath('/payment');
  const pay = phone.getByRole('button', { name: `Pay ${dollars(order.totalCents)} with passkey`, exact: true });
  await phone.expectReady(pay);
  await phone.expectVisible(phone.getByRole('button', { name: 'Use payment code', exact: true }));
  await phone.screenshot(screenshot);
  await phone.click(pay);
  await phone.expectAnnounced('Pay Success');
  await phone.expectPath(`/orderInfo/${order.id}`);
  const info = await api.ok<{ money: string }>('reading the balance', api.get('/api/user/getUserInfo'));
  expect(cents(info.money)).toBe(cents(START_BALANCE) - order.totalCents);
  const bill = await api.ok<{ list: { type: string; money: string }[] }>(
    'reading the bill',
    api.get('/api/user/bill', { page: 1, limit: 50 }),
  );
  const payments = bill.list.filter((entry) => entry.type === 'pay').map((entry) => cents(entry.money));
  expect(payments).toEqual([-order.totalCents]);
}

test.describe('a passkey this phone makes', () => {
  test('a shopper adds a passkey in Security, signs in with it, and pays an unpaid order with it', async ({
    phone,
    request,
  }) => {
    const { user, api, order } = await shopperWithUnpaidOrder(request);

    await test.step('logs in with the password: a passkey is offered once, not now', async () => {
      await logIn(phone, user);
      const offer = phone.getByRole('dialog', { name: 'Sign in faster next time' });
      await phone.expectReady(offer.getByRole('button', { name: 'Not now', exact: true }));
      await phone.screenshot('passkey-add-1-offer');
      await phone.click(offer.getByRole('button', { name: 'Not now', exact: true }));
      await phone.expectHidden(offer);
    });

    await test.step('Security: adds a passkey with the login password', async () => {
      await phone.goto('/security');
      const passkeys = phone.getByRole('region', { name: 'Passkeys' });
      await phone.expectVisible(passkeys.getByText('No passkeys yet.'));
      await phone.click(passkeys.getByRole('button', { name: 'Add a passkey', exact: true }));
      const sheet = phone.getByRole('dialog', { name: 'Add a passkey' });
      await phone.expectReady(sheet.getByRole('button', { name: 'Continue', exact: true }));
      await phone.fill(sheet.getByRole('textbox', { name: 'Passkey name', exact: true }), PASSKEY_NAME);
      await phone.fill(sheet.getByLabel('Login password', { exact: true }), user.password);
      await phone.screenshot('passkey-add-2-sheet');
      await phone.click(sheet.getByRole('button', { name: 'Continue', exact: true }));
      await phone.expectAnnounced('Passkey added');
      await phone.expectHidden(sheet);
      const row = passkeys.getByRole('listitem').filter({ hasText: PASSKEY_NAME });
      await phone.expectVisible(row.getByText('This device', { exact: true }));
      await phone.screenshot('passkey-add-3-security');
    });

    await test.step('logs out, and signs in with the passkey', async () => {
      await phone.goto('/filter');
      await phone.click(phone.getByRole('button', { name: 'Log out', exact: true }));
      const dialog = phone.getByRole('dialog');
      // Logging out lands on /login, where (in Chromium at once) the autofill can sign in again.
      await phone.click(dialog.getByRole('button', { name: 'Log out', exact: true }));
      await signInWithPasskey(phone, 'passkey-add-4-login');
    });

    await test.step('pays the unpaid order with the passkey: the balance moves once', async () => {
      await payWithPasskey(phone, api, order, 'passkey-add-5-payment');
    });
  });
});

test('a shopper with a passkey on this phone signs in with it and pays an unpaid order with it', async ({
  phone,
  request,
}) => {
  const { user, api, order } = await shopperWithUnpaidOrder(request);
  if (!phone.driver.addPasskey) throw new Error(`${phone.driver.version} cannot be given a passkey`);
  await phone.driver.addPasskey(await passkeyMadeElsewhere(api, user, phone.baseURL));

  await test.step('signs in with the passkey', async () => {
    await phone.goto('/login');
    await signInWithPasskey(phone, 'passkey-1-login');
  });

  await test.step('pays the unpaid order with the passkey: the balance moves once', async () => {
    await payWithPasskey(phone, api, order, 'passkey-2-payment');
  });

  await test.step('Security lists the passkey as this device’s', async () => {
    await phone.goto('/security');
    const row = phone.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: PASSKEY_NAME });
    await phone.expectVisible(row.getByText('This device', { exact: true }));
    await phone.screenshot('passkey-3-security');
  });
});
