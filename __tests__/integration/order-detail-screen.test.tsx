import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setApiOrigin } from '../../src/shared/config/env';
import { momentValue, toMoment } from '../../src/shared/lib/dates';
import zh from '../../translations/zh-CN.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { applyRefund, BLOCKS, orderAt, orderDetail, TEA, type ServerOrder } from '../support/orders';
import { renderApp } from '../support/render-app';
import { registerShopper, serverLogin, startServer, type ReferenceServer } from '../support/server';

// Each order goes through the real API and operator commands.
jest.setTimeout(60_000);

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await serverLogin(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

interface FullOrder extends ServerOrder {
  freight: string;
  real_name: string;
  user_phone: string;
  user_address: string;
  /** The waybill number the order left with ('' before shipping). */
  delivery_id: string;
  /** updatetime as display text (or Unix seconds). */
  delivery: { delivery_no: string; mark: string; updatetime: string | number }[];
}

const newestFirst = (events: FullOrder['delivery']) =>
  [...events].sort((a, b) => momentValue(toMoment(b.updatetime)) - momentValue(toMoment(a.updatetime)));

const full = async (id: number) => (await orderDetail(server, token, id)) as FullOrder;

async function openOrder(order: ServerOrder, as = token) {
  const app = await renderApp(`/orderInfo/${order.order_id}`, { token: as });
  await screen.findByRole('heading', { name: 'Shipping address' });
  return app;
}

/** The status label of the detail's status block. */
const statusLabel = () =>
  within(screen.getByRole('region', { name: 'Order status' })).getByText(
    /^(Waiting pay|Waiting deliver|Delivered|Received|Completed|Cancelled|Refund in progress|Refunded)$/,
  );

/** The footer's action buttons, in order. */
const actions = () => Array.from(document.querySelectorAll('.page__footer button')).map((button) => button.textContent);

async function confirmIn(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await screen.findByRole('dialog');
  const action = within(dialog).getByRole('button', { name: button });
  await waitUntilClickable(action);
  await user.click(action);
}

describe('OrderDetailScreen', () => {
  it('shows an unpaid order: status, number, address, lines, freight, total, no logistics, pay and cancel', async () => {
    const order = await orderAt(server, token, 'unpaid', [{ item: TEA, num: 2 }]);
    const data = await full(order.order_id);
    await openOrder(order);
    expect(screen.getByRole('heading', { level: 1, name: 'Order details' })).toBeInTheDocument();
    expect(statusLabel()).toHaveTextContent('Waiting pay');
    expect(screen.getByText(`Order No. ${order.order_sn}`)).toBeInTheDocument();
    expect(screen.getByText(/^Placed on /)).toBeInTheDocument();

    const address = screen.getByRole('region', { name: 'Shipping address' });
    expect(address).toHaveTextContent(data.real_name);
    expect(address).toHaveTextContent(data.user_phone);
    expect(address).toHaveTextContent(data.user_address);

    const products = screen.getByRole('region', { name: 'Products' });
    const line = within(products).getAllByRole('listitem')[0]!;
    expect(line).toHaveTextContent('Japanese Sencha Green Tea, 100 Bags');
    expect(line).toHaveTextContent('Qty 2 × $12.50');
    expect(line).toHaveTextContent('$25.00');
    expect(within(products).getByText('Freight').nextElementSibling).toHaveTextContent(`$${data.freight}`);
    expect(within(products).getByText('Total').nextElementSibling).toHaveTextContent(`$${data.total_price}`);
    expect(data.total_price).toBe('30.00');

    expect(screen.getByRole('region', { name: 'Logistics' })).toHaveTextContent(
      'Not shipped yet. Tracking shows here once the shop ships your parcel.',
    );
    expect(actions()).toEqual(['Cancel order', 'Pay now']);
    expect(screen.queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument();
    // The deadline to pay, counted down silently.
    const timer = within(screen.getByRole('region', { name: 'Order status' })).getByRole('timer');
    expect(timer).toHaveTextContent(/^Pay within (30:00|29:\d\d) or the order is cancelled$/);
    expect(timer).toHaveAttribute('aria-live', 'off');
  });

  it('cancels an unpaid order after confirmation and then offers to delete it', async () => {
    const order = await orderAt(server, token, 'unpaid');
    const app = await openOrder(order);
    await app.user.dblClick(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await confirmIn(app.user, 'Cancel order');
    await findAnnouncement('Order cancelled');
    await waitFor(() => expect(statusLabel()).toHaveTextContent('Cancelled'));
    expect(actions()).toEqual(['Delete order']);
    expect((await full(order.order_id)).status).toBe(-1);
    // A closed order that never shipped promises no tracking.
    expect(screen.queryByText('Not shipped yet. Tracking shows here once the shop ships your parcel.')).toBeNull();
  });

  it('goes to the payment with only the order id', async () => {
    const order = await orderAt(server, token, 'unpaid');
    const app = await openOrder(order);
    await app.user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
  });

  it('shows a paid order waiting for delivery with the refund action only', async () => {
    const order = await orderAt(server, token, 'paid');
    await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Waiting deliver');
    expect(actions()).toEqual(['Apply refund']);
  });

  it('shows the logistics newest first, and confirms receipt after confirmation', async () => {
    const order = await orderAt(server, token, 'shipped');
    const data = await full(order.order_id);
    const app = await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Delivered');
    const logistics = screen.getByRole('region', { name: 'Logistics' });
    const events = within(logistics).getAllByRole('listitem');
    expect(events.map((event) => event.querySelector('p')?.textContent)).toEqual(
      newestFirst(data.delivery).map((event) => event.mark),
    );
    expect(events).toHaveLength(2);
    // The waybill number once, above the events (they are all of that parcel).
    expect(data.delivery_id).toBe(data.delivery[0]!.delivery_no);
    expect(within(logistics).getByText(`Tracking No. ${data.delivery_id}`)).toBeInTheDocument();
    expect(events[0]).not.toHaveTextContent('Tracking No.');
    expect(actions()).toEqual(['Apply refund', 'Confirm received']);

    await app.user.click(screen.getByRole('button', { name: 'Confirm received' }));
    await confirmIn(app.user, 'Confirm');
    await findAnnouncement('Receipt confirmed');
    await waitFor(() => expect(statusLabel()).toHaveTextContent('Received'));
    expect(screen.getByRole('link', { name: 'Review Japanese Sencha Green Tea, 100 Bags' })).toBeInTheDocument();
    expect((await full(order.order_id)).status).toBe(3);
  });

  it('offers a review of each product of a received order, on /comment with the order and product ids', async () => {
    const order = await orderAt(server, token, 'received');
    const app = await openOrder(order);
    expect(actions()).toEqual(['Apply refund']);
    await app.user.click(screen.getByRole('link', { name: 'Review Japanese Sencha Green Tea, 100 Bags' }));
    await waitFor(() => expect(app.pathname()).toBe('/comment'));
    expect(await screen.findByRole('heading', { name: 'Japanese Sencha Green Tea, 100 Bags' })).toBeInTheDocument();
  });

  it('shows reviewed products of a completed order as reviewed', async () => {
    const order = await orderAt(server, token, 'completed');
    await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Completed');
    expect(within(screen.getByRole('region', { name: 'Products' })).getByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Review / })).not.toBeInTheDocument();
    expect(actions()).toEqual(['Delete order', 'Apply refund']);
  });

  it('deletes a completed order opened from the list and goes back to the list without it', async () => {
    const order = await orderAt(server, token, 'completed');
    const app = await renderApp('/myPurchases/4', { token });
    const card = await screen.findByRole('article', { name: `Order No. ${order.order_sn}` });
    await app.user.click(within(card).getAllByRole('link')[0]!);
    await screen.findByRole('heading', { name: 'Shipping address' });
    await app.user.click(screen.getByRole('button', { name: 'Delete order' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Delete this order?');
    await confirmIn(app.user, 'Delete');
    await findAnnouncement('Delete Success');
    await waitFor(() => expect(app.pathname()).toBe('/myPurchases/4'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: `Order No. ${order.order_sn}` })).not.toBeInTheDocument(),
    );
  });

  it('deletes an order opened by its link and goes to the orders hub in its place', async () => {
    const order = await orderAt(server, token, 'cancelled');
    const app = await openOrder(order);
    await app.user.click(screen.getByRole('button', { name: 'Delete order' }));
    await confirmIn(app.user, 'Delete');
    await findAnnouncement('Delete Success');
    await waitFor(() => expect(app.pathname()).toBe('/order'));
    // No 'Order not found' from the deleted order's own detail while it left.
    expect(screen.queryByText('Order not found')).not.toBeInTheDocument();
    const gone = await server.call<{ code: number }>(`/api/order/detail?order_id=${order.order_id}`, { token });
    expect(gone.body.code).toBe(0);
  });

  it('shows an open refund: the refund label, the request under review, and no refund or receipt action', async () => {
    const order = await orderAt(server, token, 'shipped', [{ item: BLOCKS, num: 1 }]);
    expect((await applyRefund(server, token, order.order_id, '10.00')).code).toBe(1);
    await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Refund in progress');
    expect(screen.getByRole('note')).toHaveTextContent('You have already submitted a refund request');
    const refund = screen.getByRole('region', { name: 'Refund' });
    expect(refund).toHaveTextContent('Amount asked for: $10.00');
    expect(refund).toHaveTextContent('Under review');
    expect(screen.queryByRole('button', { name: 'Apply refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm received' })).not.toBeInTheDocument();
  });

  it("shows a refused refund with the operator's reason and offers a refund again", async () => {
    const order = await orderAt(server, token, 'paid');
    expect((await applyRefund(server, token, order.order_id)).code).toBe(1);
    await server.ops('refund:refuse', String(order.order_id), 'Photos', 'unclear');
    await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Waiting deliver');
    const refund = screen.getByRole('region', { name: 'Refund' });
    expect(refund).toHaveTextContent('Refused');
    expect(refund).toHaveTextContent('Reason: Photos unclear');
    expect(actions()).toEqual(['Apply refund']);
  });

  it('shows a passed full refund as refunded', async () => {
    const order = await orderAt(server, token, 'paid');
    expect((await applyRefund(server, token, order.order_id)).code).toBe(1);
    await server.ops('refund:pass', String(order.order_id));
    await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Refunded');
    expect(screen.getByRole('region', { name: 'Refund' })).toHaveTextContent('Refunded to your balance');
  });

  it('opens the refund form of the order with its number, lines and paid amount in the URL', async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openOrder(order);
    await app.user.click(screen.getByRole('button', { name: 'Apply refund' }));
    const line = order.products[0]!.order_product_id;
    await waitFor(() =>
      expect(app.pathname()).toBe(`/refund/${order.order_id}/${order.order_sn}/${line}/${order.total_price}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a refund' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown order', '/orderInfo/999999'],
    ['an id that is not a number', '/orderInfo/abc'],
    ['no id', '/orderInfo'],
  ])('says the order was not found for %s', async (_case, path) => {
    await renderApp(path, { token });
    expect(await within(await screen.findByRole('main')).findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted, or the link is wrong.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toHaveAttribute('href', '/order');
    expect(document.querySelector('.page__footer')).toBeNull();
  });

  it("says another shopper's order was not found", async () => {
    const order = await orderAt(server, token, 'paid');
    const other = await registerShopper(server, 'detail_other');
    await renderApp(`/orderInfo/${order.order_id}`, { token: other });
    expect(await within(await screen.findByRole('main')).findByText('Order not found')).toBeInTheDocument();
    expect(screen.queryByText(order.order_sn, { exact: false })).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    const order = await orderAt(server, token, 'shipped');
    Cookies.set(
      'language',
      JSON.stringify({ language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN' }),
    );
    // The shopper's own language (user info) wins over the cookie: make it Chinese too, and back after.
    await server.call('/api/user/set_language?lang_id=2&lang=zh-CN', { token });
    try {
      await renderApp(`/orderInfo/${order.order_id}`, { token });
      expect(await screen.findByRole('heading', { name: zh['orders.detail.address'] })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: zh['route.orderInfo'] })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: zh['orders.detail.status'] })).toHaveTextContent(
        zh['orders.status.delivered'],
      );
      expect(screen.getByRole('region', { name: zh['orders.detail.logistics'] })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: zh['orders.received.short'] })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: zh['orders.refund.short'] })).toBeInTheDocument();
    } finally {
      await server.call('/api/user/set_language?lang_id=1&lang=en', { token });
    }
  });

  // Moves the server's clock past every unpaid order's deadline: last.
  it('shows an unpaid order whose deadline passed as cancelled because it expired, with nothing to pay', async () => {
    const order = await orderAt(server, token, 'unpaid');
    await server.advanceClock(31 * 60);
    await openOrder(order);
    expect(statusLabel()).toHaveTextContent('Cancelled');
    expect(screen.getByRole('region', { name: 'Order status' })).toHaveTextContent(
      'Not paid in time: this order expired and was cancelled.',
    );
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(actions()).not.toContain('Pay now');
  });
});
