// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

/**
 * Passkeys in the app, against the reference server, with a passkey device in jsdom (a software
 * authenticator behind navigator.credentials: support/passkey-device.ts): signing in with one, the
 * offer after a password login, Security's list with adding and removing one, and paying and
 * withdrawing with one, with the payment code still offered. Each refusal the shopper can meet says
 * so in words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { placeOrder, type ServerOrder } from '../support/orders';
import { installPasskeyDevice, type PasskeyDevice } from '../support/passkey-device';
import { renderApp } from '../support/render-app';
import {
  expectOk,
  postJson,
  registerShopper,
  SHOPPER_PASSWORD,
  startServer,
  type Answer,
  type ReferenceServer,
} from '../support/server';
import { saveAddress } from '../support/checkout';
import { balanceOf, fundedShopper } from '../support/wallet';

let server: ReferenceServer;
let device: PasskeyDevice | undefined;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
  window.localStorage.clear();
});
afterEach(async () => {
  device?.uninstall();
  device = undefined;
  await closeToasts();
});

interface PasskeyView {
  id: number;
  name: string;
  credential_id: string;
}

let shoppers = 0;
const username = () => `pk_${Date.now() % 100000}_${++shoppers}`;

/** Adds a passkey of `device` to the account of `token` through the API, as the shopper did on this device. */
async function addPasskeyThroughApi(token: string, account: string, name = 'Test phone'): Promise<PasskeyView> {
  const options = expectOk(
    await postJson(server, '/api/user/passkey/register_options', token, { password: SHOPPER_PASSWORD }),
    'options',
  );
  const response = device!.authenticator.create(options as never, window.location.origin);
  const added = expectOk(
    await postJson<PasskeyView>(server, '/api/user/passkey/register', token, { name, response }),
    'register',
  );
  // What the app remembers of a passkey it made on this device (src/shared/lib/passkey.ts).
  window.localStorage.setItem(`passkeys:${account}`, JSON.stringify([added.credential_id]));
  return added;
}

const passkeysOf = async (token: string) =>
  expectOk((await server.call<Answer<{ list: PasskeyView[] }>>('/api/user/passkey/list', { token })).body, 'list').list;

describe('signing in with a passkey', () => {
  it('signs in with one tap on a device that holds a passkey of the account', async () => {
    device = installPasskeyDevice();
    const account = username();
    await addPasskeyThroughApi(await registerShopper(server, account), account);

    const app = await renderApp('/login');
    // The account field lets the browser offer passkeys in its autofill.
    expect(await screen.findByLabelText('Account')).toHaveAttribute('autocomplete', 'username webauthn');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    await findAnnouncement('Login Success');
    expect(device.prompts).toBe(1);
    const token = app.store.getState().session.token!;
    const me = await server.call<Answer<{ username: string }>>('/api/user/getUserInfo', { token });
    expect(me.body.data.username).toBe(account);
    expect(app.store.getState().session.signedInWith).toBe('passkey');
  });

  it("waits in the account field's autofill, and does not ask again and again where the browser turns it down", async () => {
    device = installPasskeyDevice({ autofill: true });
    const app = await renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await waitFor(() => expect(device!.autofillRequests).toBe(1));
    app.unmount();
    device.uninstall();

    device = installPasskeyDevice({ autofill: 'refused' });
    await renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await waitFor(() => expect(device!.autofillRequests).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(device.autofillRequests).toBe(1);
  });

  it('offers no passkey where the browser has no WebAuthn', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // The passkey sign-in loads when the page is idle (jsdom has no requestIdleCallback: after 1.5 s,
    // shared/lib/idle.ts); past that, a browser without WebAuthn has loaded and shown none.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('says the device has no passkey here when the device never made or used one, and that it was cancelled when it did', async () => {
    device = installPasskeyDevice();
    const app = await renderApp('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await findAnnouncement(
      'This device has no passkey for this shop yet. Sign in with your password, then add one in Security.',
      'alert',
    );
    expect(app.pathname()).toBe('/login');

    const account = username();
    await addPasskeyThroughApi(await registerShopper(server, account), account);
    device.cancelNext();
    await app.user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await findAnnouncement('Passkey sign-in was cancelled. Try again, or sign in with your password.', 'alert');
    expect(app.store.getState().session.token).toBeNull();
    // And then it works.
    await app.user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it("says a passkey removed from the account was removed, in the shopper's language", async () => {
    device = installPasskeyDevice();
    const account = username();
    const token = await registerShopper(server, account);
    const added = await addPasskeyThroughApi(token, account);
    expectOk(
      await postJson(server, '/api/user/passkey/delete', token, { id: added.id, password: SHOPPER_PASSWORD }),
      'delete',
    );
    const app = await renderApp('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await findAnnouncement('This passkey was removed from your account. Sign in with your password', 'alert');
    expect(app.pathname()).toBe('/login');
  });
});

describe('the offer after a login with the password', () => {
  // The offer's code is there before the app renders, as a chunk the browser has cached (as renderApp
  // does for screens): requiring it for the first time on a busy machine took longer than a test waits.
  beforeAll(async () => {
    await import('../../src/features/account/components/passkey-offer');
  });

  it('offers a passkey once; adding it takes the name and the device, with no password asked again', async () => {
    device = installPasskeyDevice();
    const account = username();
    await registerShopper(server, account);
    const app = await renderApp('/login');
    await app.user.type(await screen.findByLabelText('Account'), account);
    await app.user.type(screen.getByLabelText('Password'), SHOPPER_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));

    const offer = await screen.findByRole('dialog', { name: 'Sign in faster next time' }, { timeout: 10000 });
    const name = within(offer).getByLabelText('Passkey name');
    await waitUntilClickable(name);
    await app.user.clear(name);
    await app.user.type(name, 'Work phone');
    await waitUntilClickable(within(offer).getByRole('button', { name: 'Add a passkey' }));
    await app.user.click(within(offer).getByRole('button', { name: 'Add a passkey' }));
    await findAnnouncement('Passkey added');
    const token = app.store.getState().session.token!;
    expect((await passkeysOf(token)).map((p) => p.name)).toEqual(['Work phone']);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sign in faster next time' })).not.toBeInTheDocument(),
    );
  });

  it('is not offered again after Not now', async () => {
    device = installPasskeyDevice();
    const account = username();
    await registerShopper(server, account);
    const logIn = async () => {
      const app = await renderApp('/login');
      await app.user.type(await screen.findByLabelText('Account'), account);
      await app.user.type(screen.getByLabelText('Password'), SHOPPER_PASSWORD);
      await app.user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(app.pathname()).toBe('/home'));
      return app;
    };
    const first = await logIn();
    const offer = await screen.findByRole('dialog', { name: 'Sign in faster next time' }, { timeout: 10000 });
    await waitUntilClickable(within(offer).getByRole('button', { name: 'Not now' }));
    await first.user.click(within(offer).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sign in faster next time' })).not.toBeInTheDocument(),
    );
    first.unmount();
    clearCookies();

    const second = await logIn();
    // The user info is what the offer waits for; its decision then takes a moment (its code is loaded).
    await waitFor(() => expect(second.store.getState().session.userInfo).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('dialog', { name: 'Sign in faster next time' })).not.toBeInTheDocument();
  });
});

describe('Security: the account’s passkeys', () => {
  it('lists them, adds one with the login password, and removes one with it', async () => {
    device = installPasskeyDevice();
    const account = username();
    const token = await registerShopper(server, account);
    const app = await renderApp('/security', { token });
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByText('No passkeys yet.')).toBeInTheDocument();

    await app.user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(sheet).getByLabelText('Passkey name');
    await waitUntilClickable(name);
    await app.user.clear(name);
    await app.user.type(name, 'Kitchen tablet');
    await waitUntilClickable(within(sheet).getByRole('button', { name: 'Continue' }));
    await app.user.click(within(sheet).getByRole('button', { name: 'Continue' }));
    // The login password is asked for first.
    expect(await within(sheet).findByText('Please enter a password')).toBeInTheDocument();
    expect(device.prompts).toBe(0);
    await app.user.type(within(sheet).getByLabelText('Login password'), 'not-my-password');
    await app.user.click(within(sheet).getByRole('button', { name: 'Continue' }));
    await findAnnouncement('The login password is incorrect', 'alert');
    expect(within(sheet).getByLabelText('Passkey name')).toHaveValue('Kitchen tablet');
    await app.user.clear(within(sheet).getByLabelText('Login password'));
    await app.user.type(within(sheet).getByLabelText('Login password'), SHOPPER_PASSWORD);
    await app.user.click(within(sheet).getByRole('button', { name: 'Continue' }));
    await findAnnouncement('Passkey added');

    const row = await within(section).findByRole('listitem');
    expect(row).toHaveTextContent('Kitchen tablet');
    expect(row).toHaveTextContent('This device');
    expect(row).toHaveTextContent('Synced');
    expect(row).toHaveTextContent('Not used yet');
    expect((await passkeysOf(token)).map((p) => p.name)).toEqual(['Kitchen tablet']);

    await app.user.click(within(row).getByRole('button', { name: 'Remove passkey Kitchen tablet' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Kitchen tablet?' });
    await waitUntilClickable(within(remove).getByLabelText('Login password'));
    await app.user.type(within(remove).getByLabelText('Login password'), SHOPPER_PASSWORD);
    await waitUntilClickable(within(remove).getByRole('button', { name: 'Remove passkey' }));
    await app.user.click(within(remove).getByRole('button', { name: 'Remove passkey' }));
    await findAnnouncement('Kitchen tablet removed');
    expect(await within(section).findByText('No passkeys yet.')).toBeInTheDocument();
    expect(await passkeysOf(token)).toEqual([]);
    // This device forgot it too: payments here no longer offer it.
    expect(window.localStorage.getItem(`passkeys:${account}`)).toBeNull();
  });

  it('shows nothing of them where this browser cannot use passkeys', async () => {
    const token = await registerShopper(server, username());
    await renderApp('/security', { token });
    expect(await screen.findByRole('region', { name: 'Passwords' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Passkeys' })).not.toBeInTheDocument();
    expect(screen.queryByText(/passkey/i)).not.toBeInTheDocument();
  });
});

describe('paying and withdrawing with a passkey', () => {
  async function buyerWithPasskey(): Promise<{ token: string; account: string; order: ServerOrder }> {
    device = installPasskeyDevice();
    const token = await fundedShopper(server, '200.00');
    const me = await server.call<Answer<{ username: string }>>('/api/user/getUserInfo', { token });
    const account = me.body.data.username;
    await addPasskeyThroughApi(token, account);
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    return { token, account, order: await placeOrder(server, token) };
  }

  it('pays an order with one tap and the device, once; the payment code is still offered', async () => {
    const { token, order } = await buyerWithPasskey();
    const app = await renderApp(`/payment?order_id=${order.order_id}`, { token });
    const pay = await screen.findByRole('button', { name: `Pay $${order.total_price} with passkey` });
    expect(screen.getByRole('button', { name: 'Use payment code' })).toBeEnabled();
    await app.user.click(pay);
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    expect(device!.prompts).toBe(1);
    expect(await balanceOf(server, token)).toBe((200 - Number(order.total_price)).toFixed(2));
    const bills = await server.call<Answer<{ count: number }>>('/api/user/bill?type=pay', { token });
    expect(bills.body.data.count).toBe(1);
  });

  it('pays nothing when the shopper cancels, says so, and pays with the code instead', async () => {
    const { token, order } = await buyerWithPasskey();
    const app = await renderApp(`/payment?order_id=${order.order_id}`, { token });
    device!.cancelNext();
    await app.user.click(await screen.findByRole('button', { name: `Pay $${order.total_price} with passkey` }));
    await findAnnouncement(
      'The passkey was not used, and nothing was paid. Try again, or use your payment code.',
      'alert',
    );
    expect(await balanceOf(server, token)).toBe('200.00');
    expect(app.pathname()).toBe('/payment');

    await app.user.click(screen.getByRole('button', { name: 'Use payment code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
    await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
    for (const digit of '123456') await app.user.click(screen.getByRole('button', { name: digit }));
    await findAnnouncement('Pay Success');
    expect(await balanceOf(server, token)).toBe((200 - Number(order.total_price)).toFixed(2));
  });

  it('pays with the passkey where no payment code is set yet, and offers to set one as the other way', async () => {
    device = installPasskeyDevice();
    const token = await fundedShopper(server, '200.00', null);
    const me = await server.call<Answer<{ username: string }>>('/api/user/getUserInfo', { token });
    await addPasskeyThroughApi(token, me.body.data.username);
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    const order = await placeOrder(server, token);
    const app = await renderApp(`/payment?order_id=${order.order_id}`, { token });
    const pay = await screen.findByRole('button', { name: `Pay $${order.total_price} with passkey` });
    expect(screen.getByRole('button', { name: 'Set payment code' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Use payment code' })).not.toBeInTheDocument();
    await app.user.click(pay);
    await findAnnouncement('Pay Success');
    expect(await balanceOf(server, token)).toBe((200 - Number(order.total_price)).toFixed(2));
  });

  it('offers only the code on a device that never made or used a passkey of the account', async () => {
    const { token, account, order } = await buyerWithPasskey();
    window.localStorage.removeItem(`passkeys:${account}`);
    await renderApp(`/payment?order_id=${order.order_id}`, { token });
    expect(await screen.findByRole('button', { name: `Pay $${order.total_price}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /with passkey$/ })).not.toBeInTheDocument();
  });

  it('forgets a passkey removed on another device without asking the device, leaving the code', async () => {
    const { token, account, order } = await buyerWithPasskey();
    const [passkey] = await passkeysOf(token);
    // Another passkey keeps the account's count above 0, as when the shopper has two devices.
    const other = installPasskeyDevice();
    const second = expectOk(
      await postJson(server, '/api/user/passkey/register_options', token, { password: SHOPPER_PASSWORD }),
      'options',
    );
    expectOk(
      await postJson(server, '/api/user/passkey/register', token, {
        name: 'Other',
        response: other.authenticator.create(second as never, window.location.origin),
      }),
      'register',
    );
    other.uninstall();
    device = installPasskeyDevice({ authenticator: device!.authenticator });
    expectOk(
      await postJson(server, '/api/user/passkey/delete', token, { id: passkey!.id, password: SHOPPER_PASSWORD }),
      'delete',
    );
    const app = await renderApp(`/payment?order_id=${order.order_id}`, { token });
    await app.user.click(await screen.findByRole('button', { name: `Pay $${order.total_price} with passkey` }));
    await findAnnouncement(
      'The passkey on this device was removed from your account. Use your payment code, or add the passkey again in Security.',
      'alert',
    );
    expect(await screen.findByRole('button', { name: `Pay $${order.total_price}` })).toBeInTheDocument();
    expect(window.localStorage.getItem(`passkeys:${account}`)).toBeNull();
    expect(device!.prompts).toBe(0);
    expect(await balanceOf(server, token)).toBe('200.00');
  });

  it('withdraws to a bank card with the passkey: exactly that amount is held', async () => {
    const { token } = await buyerWithPasskey();
    const app = await renderApp('/withDraw', { token });
    await app.user.type(await screen.findByLabelText('Amount (USD)'), '50');
    await app.user.type(screen.getByLabelText('Bank card number'), '6222020200112233445');
    await app.user.type(screen.getByLabelText('Bank name'), 'Example Bank');
    await app.user.type(screen.getByLabelText('Real name'), 'Pat Shopper');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw with passkey' }));
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe('/depositRecord'));
    expect(await balanceOf(server, token)).toBe('150.00');
    expect(device!.prompts).toBe(1);
  });
});
