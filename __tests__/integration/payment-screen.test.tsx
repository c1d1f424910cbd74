// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

import { screen, waitFor, within } from '@testing-library/react';
import { paymentKey } from '../../src/features/checkout/lib/checkout-data';
import { setApiOrigin } from '../../src/shared/config/env';
import { backDataMerged, selectBackData } from '../../src/store/session.slice';
import {
  addToBag,
  addressesOf,
  bagOf,
  ordersOf,
  placeOrder,
  productFacts,
  saveAddress,
  type ProductFacts,
} from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, serverLogin, startServer, type ReferenceServer, SHOPPER_PASSWORD } from '../support/server';
import { balanceOf, fileRecharge } from '../support/wallet';

let server: ReferenceServer;
let tea: ProductFacts; // 12.50, Pantry Pioneers: one tea costs 12.50 + 5.00 freight
beforeAll(async () => {
  server = await startServer();
  tea = await productFacts(server, 18);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

let shoppers = 0;
/** A shopper of their own with an address, a payment code unless told otherwise, and `money` in the wallet. */
async function freshShopper(money: string | null, withPayCode = true): Promise<string> {
  const token = await registerShopper(server, `pay_${Date.now() % 100000}_${++shoppers}`);
  await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
  if (money) {
    await fileRecharge(server, token, money);
    const list = await server.call<Envelope<{ list: { id: number }[] }>>('/api/user/recharge_log', { token });
    await server.ops('recharge:pass', String(list.body.data.list[0]!.id));
  }
  if (withPayCode) {
    const set = await server.call<Envelope>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: '123456', is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expect(set.body.code).toBe(1);
  }
  return token;
}

/** An unpaid order of `number` teas through the API; resolves with its payment number, amount and order id. */
async function unpaidOrder(token: string, number = 1) {
  await addToBag(server, token, tea, number);
  const line = (await bagOf(server, token)).find((item) => item.product_id === tea.productId)!;
  const [address] = await addressesOf(server, token);
  const submitted = await placeOrder(server, token, [line.cart_id], address!.address_id);
  const [order] = await ordersOf(server, token, '0');
  expect(submitted.order_ids).toEqual([order!.order_id]);
  return { ...submitted, orderId: order!.order_id };
}

/** An unpaid payment number of a tea and a mouse: two shops, so two orders. */
async function twoShopOrder(token: string) {
  const mouse = await productFacts(server, 21);
  await addToBag(server, token, tea, 1);
  await addToBag(server, token, mouse, 1);
  const [address] = await addressesOf(server, token);
  const submitted = await placeOrder(
    server,
    token,
    (await bagOf(server, token)).map((line) => line.cart_id),
    address!.address_id,
  );
  expect(submitted.total_price).toBe('47.49'); // 12.50 + 24.99 + 2 x 5.00
  expect(submitted.order_ids).toHaveLength(2);
  return submitted;
}

async function orderStatus(token: string, orderId: number): Promise<number> {
  const detail = await server.call<Envelope<{ status: number }>>(`/api/order/detail?order_id=${orderId}`, { token });
  return detail.body.data.status;
}

async function orderTotal(token: string, orderId: number): Promise<string> {
  const detail = await server.call<Envelope<{ total_price: string }>>(`/api/order/detail?order_id=${orderId}`, {
    token,
  });
  return detail.body.data.total_price;
}

async function payBills(token: string): Promise<number> {
  const bills = await server.call<Envelope<{ count: number }>>('/api/user/bill?type=pay&page=1&limit=50', { token });
  return bills.body.data.count;
}

async function enterCode(app: Awaited<ReturnType<typeof renderApp>>, code: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
  await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
  for (const digit of code) await app.user.click(screen.getByRole('button', { name: digit }));
  return dialog;
}

describe('PaymentScreen', () => {
  it('pays a new order placed at checkout with the right code: Pay Success, the balance goes down on the server', async () => {
    const token = await serverLogin(server); // the demo shopper: 1000.00 and payment code 123456
    await addToBag(server, token, tea, 2);
    const [line] = await bagOf(server, token);
    const app = await renderApp('/checkout', { token });
    app.store.dispatch(backDataMerged({ cartIds: [line!.cart_id] }));
    await app.user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));

    expect(await screen.findByText('$30.00', { selector: '.payment-amount__value' })).toBeInTheDocument();
    expect(await screen.findByText('Available $1,000.00')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Pay $30.00' }));
    const dialog = await enterCode(app, '123456');
    expect(within(dialog).getByText('$30.00 will be paid from your wallet balance.')).toBeInTheDocument();
    await findAnnouncement('Pay Success');
    // One shop, one order: its detail.
    const [paid] = await ordersOf(server, token, '1');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${paid!.order_id}`));
    expect(await balanceOf(server, token)).toBe('970.00');
    expect(await ordersOf(server, token, '0')).toHaveLength(0);
    expect(selectBackData(app.store.getState()).submittedOrder).toBeUndefined();
  });

  it('keeps the sheet open after a wrong code, pays nothing, then pays with the right one', async () => {
    const token = await freshShopper('100.00');
    const order = await unpaidOrder(token);
    const app = await renderApp(`/payment?order_id=${order.orderId}`, { token });
    await app.user.click(await screen.findByRole('button', { name: 'Pay $17.50' }));
    const dialog = await enterCode(app, '000000');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pay Fail');
    expect(await orderStatus(token, order.orderId)).toBe(0);
    expect(await balanceOf(server, token)).toBe('100.00');

    for (const digit of '123456') await app.user.click(screen.getByRole('button', { name: digit }));
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.orderId}`));
    expect(await orderStatus(token, order.orderId)).toBe(1);
    expect(await balanceOf(server, token)).toBe('82.50');
  });

  it('says the balance is not enough and offers a top-up instead of paying', async () => {
    const token = await freshShopper('10.00');
    const order = await unpaidOrder(token);
    const app = await renderApp(`/payment?order_id=${order.orderId}`, { token });
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(
      screen.getByText('Your balance is $10.00 and this order needs $17.50. Top up your wallet, then pay.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $17.50' })).toBeDisabled();
    await app.user.click(screen.getByRole('link', { name: 'Top up' }));
    await waitFor(() => expect(app.pathname()).toBe('/topUp'));
    expect(await orderStatus(token, order.orderId)).toBe(0);
  });

  it("shows the server's refusal when the balance fell short meanwhile, with the top-up offer", async () => {
    const token = await freshShopper('20.00');
    const order = await unpaidOrder(token);
    const app = await renderApp(`/payment?order_id=${order.orderId}`, { token });
    await app.user.click(await screen.findByRole('button', { name: 'Pay $17.50' }));
    // Another order is paid from another tab before this one: 2.50 is left.
    const other = await unpaidOrder(token);
    const verify = await server.call<Envelope>('/api/user/verify_pay', { token, json: { password_pay: '123456' } });
    expect(verify.body.code).toBe(1);
    const paid = await fetch(`${server.baseUrl}/api/user/pay`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ order_id: other.orderId }),
    });
    expect(((await paid.json()) as Envelope).code).toBe(1);

    await enterCode(app, '123456');
    await findAnnouncement('Insufficient balance', 'alert');
    expect(
      await screen.findByText('Your balance is $2.50 and this order needs $17.50. Top up your wallet, then pay.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up' })).toBeInTheDocument();
    expect(await orderStatus(token, order.orderId)).toBe(0);
  });

  it('offers to set a payment code when there is none yet (have_pay 0)', async () => {
    const token = await freshShopper('50.00', false);
    const order = await unpaidOrder(token);
    const app = await renderApp(`/payment?order_id=${order.orderId}`, { token });
    expect(await screen.findByText('Set a payment code first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $17.50' })).toBeDisabled();
    await app.user.click(screen.getByRole('link', { name: 'Set payment code' }));
    await waitFor(() => expect(app.pathname()).toBe('/changePayPwd'));
  });

  it('pays once on a double tap, and a retry with the same payment (another tab, a lost answer) pays nothing more', async () => {
    const token = await freshShopper('100.00');
    const order = await unpaidOrder(token);
    const app = await renderApp(`/payment?order_id=${order.orderId}`, { token });
    await app.user.dblClick(await screen.findByRole('button', { name: 'Pay $17.50' }));
    expect(screen.getAllByRole('dialog', { name: 'Enter your payment code' })).toHaveLength(1);
    await enterCode(app, '123456');
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.orderId}`));
    expect(await balanceOf(server, token)).toBe('82.50');
    expect(await payBills(token)).toBe(1);

    // The same payment again, as another tab or a retry after a timeout sends it: the same key.
    const verify = await server.call<Envelope>('/api/user/verify_pay', { token, json: { password_pay: '123456' } });
    expect(verify.body.code).toBe(1);
    const retry = await fetch(`${server.baseUrl}/api/user/pay`, {
      method: 'POST',
      headers: {
        token,
        'content-type': 'application/json',
        'Idempotency-Key': paymentKey({ kind: 'order', orderId: order.orderId }),
      },
      body: JSON.stringify({ order_id: order.orderId }),
    });
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await retry.json()) as Envelope).msg).toBe('Pay Success');
    expect(await balanceOf(server, token)).toBe('82.50');
    expect(await payBills(token)).toBe(1);
  });

  it('pays every order of a new multi-shop payment number at once and goes to the orders', async () => {
    const token = await freshShopper('200.00');
    const submitted = await twoShopOrder(token);
    // Opened with nothing but the payment number, as after a reload: the amount comes from the server.
    const app = await renderApp(`/payment?out_trade_no=${submitted.out_trade_no}`, { token });
    await app.user.click(await screen.findByRole('button', { name: 'Pay $47.49' }));
    await enterCode(app, '123456');
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe('/myPurchases/1'));
    expect(await ordersOf(server, token, '1')).toHaveLength(2);
    expect(await balanceOf(server, token)).toBe('152.51');
  });

  it('shows the amount of a reloaded new-order payment (only the payment number in the URL) and pays it', async () => {
    const token = await freshShopper('100.00');
    const order = await unpaidOrder(token);
    const app = await renderApp(`/payment?out_trade_no=${order.out_trade_no}`, { token });
    expect(await screen.findByText('$17.50', { selector: '.payment-amount__value' })).toBeInTheDocument();
    expect(screen.getByText(`Payment number ${order.out_trade_no}`)).toBeInTheDocument();
    expect(screen.queryByText('Pay this order from your orders')).not.toBeInTheDocument();
    await app.user.click(await screen.findByRole('button', { name: 'Pay $17.50' }));
    await enterCode(app, '123456');
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.orderId}`));
    expect(await orderStatus(token, order.orderId)).toBe(1);
    expect(await balanceOf(server, token)).toBe('82.50');
  });

  it("pays what is left of a payment number when one shop's order was cancelled meanwhile", async () => {
    const token = await freshShopper('100.00');
    const submitted = await twoShopOrder(token);
    const [first, second] = submitted.order_ids;
    const cancel = await server.call<Envelope>('/api/order/cancel', { token, json: { order_id: first } });
    expect(cancel.body.code).toBe(1);
    const app = await renderApp(`/payment?out_trade_no=${submitted.out_trade_no}`, { token });
    // The other order only: what payNewOrder will debit.
    const pay = await screen.findByRole('button', { name: /^Pay \$/ });
    expect(pay).toHaveAccessibleName(`Pay $${await orderTotal(token, second!)}`);
    await app.user.click(pay);
    await enterCode(app, '123456');
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${second}`));
    expect(await orderStatus(token, second!)).toBe(1);
    expect(await orderStatus(token, first!)).toBe(-1);
  });

  it('says a new payment number is already paid (from the server, after a reload) and offers the orders', async () => {
    const token = await freshShopper('100.00');
    const submitted = await twoShopOrder(token);
    await server.call<Envelope>('/api/user/verify_pay', { token, json: { password_pay: '123456' } });
    const paid = await fetch(`${server.baseUrl}/api/order/merPay`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ out_trade_no: submitted.out_trade_no }),
    });
    expect(((await paid.json()) as Envelope).code).toBe(1);
    const app = await renderApp(`/payment?out_trade_no=${submitted.out_trade_no}`, { token });
    expect(await screen.findByText('This order is already paid or closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'View orders' }));
    await waitFor(() => expect(app.pathname()).toBe('/order'));
  });

  it("says 'Order not found' for another shopper's payment number, and pays nothing", async () => {
    const owner = await freshShopper('100.00');
    const order = await unpaidOrder(owner);
    const other = await freshShopper('100.00');
    await renderApp(`/payment?out_trade_no=${order.out_trade_no}`, { token: other });
    expect(await screen.findByText('Order not found', { selector: '.state__description' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(await orderStatus(owner, order.orderId)).toBe(0);
  });

  it('does not offer to pay an order that is already paid', async () => {
    const token = await freshShopper('100.00');
    const order = await unpaidOrder(token);
    await server.call<Envelope>('/api/user/verify_pay', { token, json: { password_pay: '123456' } });
    await fetch(`${server.baseUrl}/api/user/pay`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ order_id: order.orderId }),
    });
    const app = await renderApp(`/payment?order_id=${order.orderId}`, { token });
    expect(await screen.findByText('This order is already paid or closed')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'View order' }));
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.orderId}`));
  });

  it('says there is nothing to pay without a payment number or order', async () => {
    const token = await freshShopper(null);
    await renderApp('/payment', { token });
    expect(await screen.findByText('No payment to make')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unpaid orders' })).toBeInTheDocument();
  });

  // Unpaid orders expire (30 minutes on the reference server) and give their stock back. These move the
  // server's clock forward, so they come last: earlier tests' orders expire with it.
  describe('the deadline to pay', () => {
    it('shows the time left to pay, counting down silently (not announced every second)', async () => {
      const token = await freshShopper('100.00');
      const order = await unpaidOrder(token);
      await renderApp(`/payment?order_id=${order.orderId}`, { token });
      const timer = await screen.findByRole('timer');
      expect(timer).toHaveTextContent(/^Time left to pay (30:00|29:5\d)$/);
      expect(timer).toHaveAttribute('aria-live', 'off');
      const first = timer.textContent;
      await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(first), { timeout: 3000 });
      expect(screen.getByRole('button', { name: 'Pay $17.50' })).toBeEnabled();
    });

    it('shows an expired order as expired and cancelled, with a way back to the orders and no pay button', async () => {
      const token = await freshShopper('100.00');
      const order = await unpaidOrder(token);
      await server.advanceClock(31 * 60);
      const app = await renderApp(`/payment?out_trade_no=${order.out_trade_no}`, { token });
      expect(await screen.findByText('This order has expired and was cancelled')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(await orderStatus(token, order.orderId)).toBe(-1);
      await app.user.click(screen.getByRole('link', { name: 'Back to my orders' }));
      await waitFor(() => expect(app.pathname()).toBe('/order'));
      expect(await balanceOf(server, token)).toBe('100.00');
    });

    it('at 0 announces once that the order expired and takes the pay button away', async () => {
      const token = await freshShopper('100.00');
      const order = await unpaidOrder(token);
      await server.advanceClock(30 * 60 - 2);
      await renderApp(`/payment?order_id=${order.orderId}`, { token });
      expect(await screen.findByRole('timer')).toHaveTextContent(/^Time left to pay 00:0[0-2]$/);
      expect(screen.getByRole('button', { name: 'Pay $17.50' })).toBeInTheDocument();
      expect(
        await screen.findByText('This order has expired and was cancelled', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      await findAnnouncement('This order has expired and was cancelled');
      expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
      // The server agrees: the order was cancelled and nothing was paid.
      await waitFor(async () => expect(await orderStatus(token, order.orderId)).toBe(-1));
      expect(await balanceOf(server, token)).toBe('100.00');
    });
  });
});
