// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../src/shared/config/paths';
import { setApiOrigin } from '../../src/shared/config/env';
import { addToBag, bagOf, ordersOf, productFacts, saveAddress } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { orderAt, orderDetail, type ServerOrder } from '../support/orders';
import { renderApp } from '../support/render-app';
import {
  registerShopper,
  serverLogin,
  SHOPPER_PASSWORD,
  startServer,
  type Answer,
  type ReferenceServer,
} from '../support/server';
import { balanceOf, fileRecharge, PNG_BYTES, servePageFrom } from '../support/wallet';

// Orders and shoppers are made through the real API and operator commands; every test logs in twice.
jest.setTimeout(60_000);

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
  // Uploads are XMLHttpRequests, which jsdom keeps to the page's origin.
  servePageFrom(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => closeToasts());

type App = Awaited<ReturnType<typeof renderApp>>;

const png = (name = 'proof.png') => new File([PNG_BYTES], name, { type: 'image/png' });

let shoppers = 0;
/** A shopper of their own: username, token (password SHOPPER_PASSWORD). */
async function freshShopper(): Promise<{ username: string; token: string }> {
  const username = `kept_${Date.now() % 100000}_${++shoppers}`;
  return { username, token: await registerShopper(server, username) };
}

/**
 * The server ends the session behind the SPA's back (as when a token is revoked or expires): the
 * next call of the open form answers 401.
 */
async function endSession(token: string): Promise<void> {
  const res = await server.call<Answer>('/api/user/logout?lang=zh-cn', { method: 'POST', token });
  expect(res.body.code).toBe(1);
  expect((await server.call('/api/user/getUserInfo', { token })).status).toBe(401);
}

/** SPEC.md section 8: the 401 sends the shopper to /login, where they log in again. */
async function logInAgain(app: App, account: string, password: string): Promise<string> {
  await waitFor(() => expect(app.pathname()).toBe('/login'));
  await app.user.type(await screen.findByLabelText('Account'), account);
  await app.user.type(screen.getByLabelText('Password'), password);
  await app.user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(app.store.getState().session.token).toBeTruthy());
  return app.store.getState().session.token!;
}

/** Everything this tab keeps on the device: sessionStorage, localStorage and cookies. */
function deviceStorage(): string {
  const dump = (storage: Storage) =>
    Object.fromEntries(
      Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((k) => [k, storage.getItem(k)]),
    );
  return JSON.stringify({ session: dump(sessionStorage), local: dump(localStorage), cookies: document.cookie });
}

const keptNote = () => screen.findByText('Your entries were kept');

describe('a 401 in the middle of a form keeps what was typed', () => {
  it('top up: network, amount and evidence come back after the new login, and the top-up is filed once', async () => {
    const token = await serverLogin(server);
    const app = await renderApp(paths.walletTopUp, { token });
    await app.user.click(await screen.findByRole('button', { name: 'TRC20' }));
    await app.user.type(screen.getByLabelText('Amount sent (USD)'), '42.5');
    await app.user.upload(screen.getByLabelText('Payment evidence'), png());
    const evidence = (await screen.findByRole('img', { name: 'Payment evidence preview' })).getAttribute('src');
    // Payment data is never written to the device.
    expect(deviceStorage()).not.toContain('42.5');

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const fresh = await logInAgain(app, 'demo', 'demo123');

    await waitFor(() => expect(app.pathname()).toBe(paths.walletTopUp));
    await keptNote();
    expect(await screen.findByRole('button', { name: 'TRC20' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Amount sent (USD)')).toHaveValue('42.5');
    expect(screen.getByRole('img', { name: 'Payment evidence preview' })).toHaveAttribute('src', evidence);
    expect(deviceStorage()).not.toContain('42.5');

    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe(paths.topUpRecord));
    const records = await server.call<Answer<{ count: number; list: { price: string; network: string }[] }>>(
      '/api/user/recharge_log',
      { token: fresh },
    );
    expect(records.body.data.count).toBe(1);
    expect(records.body.data.list[0]).toMatchObject({ price: '42.50', network: 'TRC20' });
  });

  it('withdraw: the bank details come back after the new login, and the withdrawal goes through once', async () => {
    const { username, token } = await freshShopper();
    await fileRecharge(server, token, '200');
    const list = await server.call<Answer<{ list: { id: number }[] }>>('/api/user/recharge_log', { token });
    await server.ops('recharge:pass', String(list.body.data.list[0]!.id));
    const set = await server.call<Answer>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: '123456', is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expect(set.body.code).toBe(1);

    const app = await renderApp(paths.withDraw, { token });
    await screen.findByText('Available balance');
    await app.user.type(screen.getByLabelText('Amount (USD)'), '100');
    await app.user.type(screen.getByLabelText('Bank card number'), '6222 0202 0011 2233 445');
    await app.user.type(screen.getByLabelText('Bank name'), 'Example Bank');
    await app.user.type(screen.getByLabelText('Real name'), 'Kept Shopper');

    const enterCode = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
      await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
      for (const digit of '123456') await app.user.click(screen.getByRole('button', { name: digit }));
    };
    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode();
    const fresh = await logInAgain(app, username, SHOPPER_PASSWORD);

    await waitFor(() => expect(app.pathname()).toBe(paths.withDraw));
    await keptNote();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('100');
    expect(screen.getByLabelText('Bank card number')).toHaveValue('6222 0202 0011 2233 445');
    expect(screen.getByLabelText('Bank name')).toHaveValue('Example Bank');
    expect(screen.getByLabelText('Real name')).toHaveValue('Kept Shopper');
    expect(deviceStorage()).not.toMatch(/6222|Example Bank/);

    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode();
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe(paths.depositRecord));
    expect(await balanceOf(server, fresh)).toBe('100.00');
  });

  it('payment code: the codes come back from memory only, never from the store or the device, and the code is set', async () => {
    const { username, token } = await freshShopper();
    const app = await renderApp(paths.changePayPwd, { token });
    await screen.findByRole('heading', { name: 'Set your payment code' });
    await app.user.type(screen.getByLabelText('New payment code'), '246802');
    await app.user.type(screen.getByLabelText('Confirm new payment code'), '246802');
    await app.user.type(screen.getByLabelText('Login password'), SHOPPER_PASSWORD);

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    // Kept while the shopper logs in, but not in the store (DevTools records it) nor on the device.
    expect(JSON.stringify(app.store.getState())).not.toContain('246802');
    expect(deviceStorage()).not.toContain('246802');
    expect(deviceStorage()).not.toContain(SHOPPER_PASSWORD);
    const fresh = await logInAgain(app, username, SHOPPER_PASSWORD);

    await waitFor(() => expect(app.pathname()).toBe(paths.changePayPwd));
    await keptNote();
    expect(screen.getByLabelText('New payment code')).toHaveValue('246802');
    expect(screen.getByLabelText('Confirm new payment code')).toHaveValue('246802');
    expect(screen.getByLabelText('Login password')).toHaveValue(SHOPPER_PASSWORD);
    expect(deviceStorage()).not.toContain('246802');
    expect(JSON.stringify(app.store.getState())).not.toContain('246802');

    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await findAnnouncement('Setting Success');
    const verified = await server.call<Answer>('/api/user/verify_pay', {
      token: fresh,
      json: { password_pay: '246802' },
    });
    expect(verified.body.code).toBe(1);
  });

  it('address: every field comes back after the new login, and the address is saved once', async () => {
    const { username, token } = await freshShopper();
    // Opened from the list, as a shopper does: saving goes back there.
    const app = await renderApp(paths.address, { token });
    await app.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await fillAddress(app);

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    const fresh = await logInAgain(app, username, SHOPPER_PASSWORD);

    await waitFor(() => expect(app.pathname()).toBe(paths.addressForm()));
    await keptNote();
    expectAddressFilled();
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe(paths.address));
    const stored = await server.call<Answer<{ list: Record<string, unknown>[] }>>(
      '/api/user/address_list?page=1&limit=50',
      { token: fresh },
    );
    expect(stored.body.data.list).toHaveLength(1);
    expect(stored.body.data.list[0]).toMatchObject({
      name: 'Kept Addressee',
      quhao: '66',
      mobile: '812345678',
      country: 'Thailand, Bangkok',
      detail: '7 Kept Lane',
      tag: 'Work',
    });
    // Saved: the draft is done with.
    expect(deviceStorage()).not.toContain('Kept Addressee');
  });

  it('refund: choices, amount, reason, text and proof images come back, and the request is filed', async () => {
    const setup = await serverLogin(server);
    const order = await orderAt(server, setup, 'paid');
    const token = await serverLogin(server);
    const app = await renderApp(refundPath(order), { token });
    const proof = await fillRefund(app);

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    const fresh = await logInAgain(app, 'demo', 'demo123');

    await waitFor(() => expect(app.pathname()).toBe(refundPath(order)));
    await keptNote();
    await expectRefundFilled(proof);
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe(paths.orderInfo(order.order_id)));
    expect((await orderDetail(server, fresh, order.order_id)).refund_status).toBe(1);
    expect(deviceStorage()).not.toContain('crushed');
  });

  it('review: ratings, text and photos come back, and the review is published', async () => {
    const setup = await serverLogin(server);
    const order = await orderAt(server, setup, 'received');
    const token = await serverLogin(server);
    const path = `/comment?order_id=${order.order_id}&product_id=${order.products[0]!.product_id}`;
    const app = await renderApp(path, { token });
    await screen.findByRole('button', { name: 'Submit review' });
    fireEvent.change(screen.getByRole('slider', { name: 'Product' }), { target: { value: '3.5' } });
    await app.user.type(screen.getByLabelText('Your review'), 'Kept through a new login.');
    await app.user.upload(screen.getByLabelText('Photo 1'), png('photo.png'));
    const photo = (await screen.findByRole('img', { name: 'Photo 1 preview' })).getAttribute('src');

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Submit review' }));
    const fresh = await logInAgain(app, 'demo', 'demo123');

    await waitFor(() => expect(app.pathname()).toBe('/comment'));
    await keptNote();
    expect(screen.getByRole('slider', { name: 'Product' })).toHaveValue('3.5');
    expect(screen.getByLabelText('Your review')).toHaveValue('Kept through a new login.');
    expect(screen.getByRole('img', { name: 'Photo 1 preview' })).toHaveAttribute('src', photo);

    await app.user.click(screen.getByRole('button', { name: 'Submit review' }));
    await findAnnouncement('Thanks for your review');
    expect((await orderDetail(server, fresh, order.order_id)).products[0]!.is_reply).toBe(1);
    expect(deviceStorage()).not.toContain('Kept through');
  });

  it('checkout: reopens with the same bag lines after the new login, and the order is placed once', async () => {
    const { username, token } = await freshShopper();
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    const tea = await productFacts(server, 18);
    const mouse = await productFacts(server, 21);
    await addToBag(server, token, tea, 2);
    await addToBag(server, token, mouse, 1);
    const app = await renderApp(paths.bag, { token });
    // Only the tea is chosen: the checkout must come back with that line, not the whole bag.
    await app.user.click(await screen.findByRole('checkbox', { name: `Select ${tea.title}` }));
    await app.user.click(screen.getByRole('button', { name: 'Checkout (1)' }));
    await waitFor(() => expect(app.pathname()).toBe(paths.checkout));
    await screen.findByRole('region', { name: '2 items' });

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    const fresh = await logInAgain(app, username, SHOPPER_PASSWORD);

    await waitFor(() => expect(app.pathname()).toBe(paths.checkout));
    const items = await screen.findByRole('region', { name: '2 items' });
    expect(within(items).getByText(tea.title)).toBeInTheDocument();
    expect(within(items).queryByText(mouse.title)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe(paths.payment));
    expect(await ordersOf(server, fresh, '0')).toHaveLength(1);
    // The mouse stays in the bag; the tea line became the order.
    expect((await bagOf(server, fresh)).map((line) => line.product_id)).toEqual([mouse.productId]);
  });
});

describe('a 401 in a screen opened from the checkout', () => {
  it('keeps the new address and the checkout behind it: saved, chosen, and the same lines ordered', async () => {
    const { username, token } = await freshShopper();
    const tea = await productFacts(server, 18);
    await addToBag(server, token, tea, 1);
    const app = await renderApp(paths.bag, { token });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select all items in the cart' }));
    await app.user.click(screen.getByRole('button', { name: 'Checkout (1)' }));
    await app.user.click(await screen.findByRole('button', { name: 'Add a shipping address' }));
    await waitFor(() => expect(app.pathname()).toBe(paths.addressForm()));
    await fillAddress(app);

    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    const fresh = await logInAgain(app, username, SHOPPER_PASSWORD);

    await waitFor(() => expect(app.pathname()).toBe(paths.addressForm()));
    await keptNote();
    // Still choosing for the checkout.
    expect(screen.getByText('The new address will be used for this order.')).toBeInTheDocument();
    expectAddressFilled();
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(app.pathname()).toBe(paths.checkout));
    expect(
      await screen.findByRole('button', { name: /^Shipping address: Kept Addressee .*7 Kept Lane/ }),
    ).toBeInTheDocument();
    const items = await screen.findByRole('region', { name: '1 item' });
    expect(within(items).getByText(tea.title)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe(paths.payment));
    expect(await ordersOf(server, fresh, '0')).toHaveLength(1);
  });
});

describe('drafts of the address and refund forms', () => {
  it('a reload of a half-filled new address brings the values back; logging out forgets them', async () => {
    const { username, token } = await freshShopper();
    const first = await renderApp(paths.addressForm(), { token });
    await fillAddress(first);
    first.unmount();

    // The reload: a new app on the same tab (sessionStorage and the token cookie kept).
    const second = await renderApp(paths.addressForm());
    await keptNote();
    expectAddressFilled();
    second.unmount();

    const me = await renderApp(paths.me);
    await me.user.click(await screen.findByRole('button', { name: 'Log out' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Log out?' })).getByRole('button', {
      name: 'Log out',
    });
    await waitUntilClickable(confirm);
    await me.user.click(confirm);
    await waitFor(() => expect(me.pathname()).toBe('/login'));
    expect(deviceStorage()).not.toContain('Kept Addressee');
    me.unmount();

    const fresh = await serverLogin(server, username, SHOPPER_PASSWORD);
    await renderApp(paths.addressForm(), { token: fresh });
    expect(await screen.findByLabelText('Addressee')).toHaveValue('');
    expect(screen.queryByText('Your entries were kept')).not.toBeInTheDocument();
  });

  it('a reload of a half-filled refund brings back its choices, text and proof images', async () => {
    const setup = await serverLogin(server);
    const order = await orderAt(server, setup, 'paid');
    const token = await serverLogin(server);
    const first = await renderApp(refundPath(order), { token });
    const proof = await fillRefund(first);
    first.unmount();

    const second = await renderApp(refundPath(order));
    await screen.findByRole('button', { name: 'Submit refund request' });
    await keptNote();
    await expectRefundFilled(proof);
    await second.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    // Filed: the draft is gone.
    await waitFor(() => expect(deviceStorage()).not.toContain('crushed'));
  });

  it("another shopper logging in on the same tab after a 401 does not get the first one's entries", async () => {
    const { token } = await freshShopper();
    const app = await renderApp(paths.addressForm(), { token });
    await fillAddress(app);
    await endSession(token);
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    const other = await freshShopper();
    await logInAgain(app, other.username, SHOPPER_PASSWORD);
    await waitFor(() => expect(app.pathname()).toBe(paths.addressForm()));
    expect(await screen.findByLabelText('Addressee')).toHaveValue('');
    expect(screen.queryByText('Your entries were kept')).not.toBeInTheDocument();
  });
});

const refundPath = (order: ServerOrder) =>
  paths.refundFor(
    order.order_id,
    order.order_sn,
    order.products.map((line) => line.order_product_id),
    order.total_price,
  );

/** Fills the whole refund form; resolves with the uploaded proof's URL. */
async function fillRefund(app: App): Promise<string | null> {
  await screen.findByRole('button', { name: 'Submit refund request' });
  await app.user.click(screen.getByRole('radio', { name: 'Return and refund' }));
  await app.user.click(screen.getByRole('radio', { name: 'Received' }));
  await app.user.clear(screen.getByLabelText('Refund amount (USD)'));
  await app.user.type(screen.getByLabelText('Refund amount (USD)'), '5');
  await app.user.selectOptions(screen.getByLabelText('Reason'), 'Arrived damaged');
  await app.user.type(screen.getByLabelText('Explanation'), 'The box was crushed.');
  await app.user.upload(screen.getByLabelText('Proof 1'), png());
  return (await screen.findByRole('img', { name: 'Proof 1 preview' })).getAttribute('src');
}

async function expectRefundFilled(proof: string | null) {
  expect(await screen.findByRole('radio', { name: 'Return and refund' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Received' })).toBeChecked();
  expect(screen.getByLabelText('Refund amount (USD)')).toHaveValue('5');
  expect(screen.getByLabelText('Reason')).toHaveDisplayValue('Arrived damaged');
  expect(screen.getByLabelText('Explanation')).toHaveValue('The box was crushed.');
  expect(screen.getByRole('img', { name: 'Proof 1 preview' })).toHaveAttribute('src', proof);
}

async function pickFromSheet(app: App, opener: RegExp, dialogName: string, searchLabel: string, name: string) {
  await app.user.click(await screen.findByRole('button', { name: opener }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const search = within(dialog).getByLabelText(searchLabel);
  await waitUntilClickable(search);
  await app.user.click(search);
  await app.user.paste(name);
  await app.user.click(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument());
}

async function fillAddress(app: App) {
  await app.user.type(await screen.findByLabelText('Addressee'), 'Kept Addressee');
  await pickFromSheet(app, /^Country or region/, 'Country or region', 'Search a country or region', 'Thailand');
  await app.user.type(screen.getByLabelText('Mobile number'), '812345678');
  await app.user.type(screen.getByLabelText('State / province and city'), 'Bangkok');
  await app.user.type(screen.getByLabelText('Detailed address'), '7 Kept Lane');
  await app.user.click(screen.getByRole('button', { name: 'Work' }));
}

function expectAddressFilled() {
  expect(screen.getByLabelText('Addressee')).toHaveValue('Kept Addressee');
  expect(screen.getByRole('button', { name: /^Country or region/ })).toHaveTextContent('Thailand');
  expect(screen.getByRole('button', { name: /^Calling code \+66 / })).toBeInTheDocument();
  expect(screen.getByLabelText('Mobile number')).toHaveValue('812345678');
  expect(screen.getByLabelText('State / province and city')).toHaveValue('Bangkok');
  expect(screen.getByLabelText('Detailed address')).toHaveValue('7 Kept Lane');
  expect(screen.getByRole('button', { name: 'Work' })).toHaveAttribute('aria-pressed', 'true');
}
