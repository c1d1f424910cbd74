import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { orderAt, orderDetail, type ServerOrder } from '../support/orders';
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

const cardName = (order: ServerOrder) => `Order No. ${order.order_sn}`;

/** The order numbers the list shows, in order. */
async function listedSns(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Your orders' });
  return within(list)
    .queryAllByRole('article')
    .map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
    .map((text) => text.replace('Order No. ', ''));
}

async function expectListed(sns: string[]) {
  await waitFor(async () => expect(await listedSns()).toEqual(sns), { timeout: 8000 });
}

async function confirmIn(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await screen.findByRole('dialog');
  const action = within(dialog).getByRole('button', { name: button });
  await waitUntilClickable(action);
  await user.click(action);
}

describe('OrdersScreen', () => {
  let orders: Record<'unpaid' | 'paid' | 'shipped' | 'received' | 'completed' | 'cancelled' | 'refunding', ServerOrder>;

  beforeAll(async () => {
    // Oldest first: the lists show the newest first.
    orders = {
      unpaid: await orderAt(server, token, 'unpaid'),
      paid: await orderAt(server, token, 'paid'),
      shipped: await orderAt(server, token, 'shipped'),
      received: await orderAt(server, token, 'received'),
      completed: await orderAt(server, token, 'completed'),
      cancelled: await orderAt(server, token, 'cancelled'),
      refunding: await orderAt(server, token, 'refunding'),
    };
  });

  it('lists the right orders under each tab, newest first, each with its label, products and total', async () => {
    const app = await renderApp('/order', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Order status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'All',
      'Waiting pay',
      'Waiting deliver',
      'Delivered',
      'Received',
      'Completed',
      'Cancelled',
      'After sale',
    ]);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const o = orders;
    await expectListed(
      [o.refunding, o.cancelled, o.completed, o.received, o.shipped, o.paid, o.unpaid].map((x) => x.order_sn),
    );

    const card = screen.getByRole('article', { name: cardName(o.unpaid) });
    expect(card).toHaveTextContent('Waiting pay');
    expect(card).toHaveTextContent(o.unpaid.products[0]!.title);
    expect(card).toHaveTextContent(`1 item · Total $${o.unpaid.total_price}`);
    // The refund label replaces the status label while a refund is open.
    expect(screen.getByRole('article', { name: cardName(o.refunding) })).toHaveTextContent('Refund in progress');
    expect(screen.getByRole('article', { name: cardName(o.refunding) })).not.toHaveTextContent('Waiting deliver');

    const expected: [string, ServerOrder[]][] = [
      ['Waiting pay', [o.unpaid]],
      ['Waiting deliver', [o.refunding, o.paid]],
      ['Delivered', [o.shipped]],
      ['Received', [o.received]],
      ['Completed', [o.completed]],
      ['Cancelled', [o.cancelled]],
      ['After sale', [o.refunding]],
    ];
    for (const [tab, list] of expected) {
      await app.user.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName(tab);
      await expectListed(list.map((x) => x.order_sn));
    }
  });

  it('shows the quick actions of each status', async () => {
    const app = await renderApp('/order', { token });
    const o = orders;
    const actionsOf = async (order: ServerOrder) =>
      within(await screen.findByRole('article', { name: cardName(order) }))
        .queryAllByRole('button')
        .concat(
          within(screen.getByRole('article', { name: cardName(order) }))
            .queryAllByRole('link')
            .slice(1),
        )
        .map((element) => element.textContent);
    expect(await actionsOf(o.unpaid)).toEqual(['Cancel order', 'Pay now']);
    expect(await actionsOf(o.paid)).toEqual([]);
    expect(await actionsOf(o.shipped)).toEqual(['Confirm received']);
    expect(await actionsOf(o.received)).toEqual(['Review']);
    expect(await actionsOf(o.completed)).toEqual(['Delete order']);
    expect(await actionsOf(o.cancelled)).toEqual(['Delete order']);
    expect(await actionsOf(o.refunding)).toEqual([]);
    // Each action names its order for screen readers.
    expect(screen.getByRole('button', { name: `Pay order ${o.unpaid.order_sn}` })).toBeInTheDocument();
    void app;
  });

  it('opens at the status of /myPurchases/{status}', async () => {
    await renderApp('/myPurchases/2', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'My purchases' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Delivered' })).toHaveAttribute('aria-selected', 'true');
    await expectListed([orders.shipped.order_sn]);
  });

  it('opens at All for an unknown status', async () => {
    await renderApp('/myPurchases/9', { token });
    expect(await screen.findByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens at the Me tab counter's status", async () => {
    const app = await renderApp('/filter', { token });
    const counters = await screen.findByRole('region', { name: 'My orders' });
    await app.user.click(within(counters).getByRole('link', { name: /Waiting pay/ }));
    await waitFor(() => expect(app.pathname()).toBe('/myPurchases/0'));
    expect(await screen.findByRole('tab', { name: 'Waiting pay' })).toHaveAttribute('aria-selected', 'true');
    await expectListed([orders.unpaid.order_sn]);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const app = await renderApp('/order', { token });
    const all = await screen.findByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Waiting pay' })).toHaveAttribute('tabindex', '-1');
    all.focus();
    await app.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Waiting pay' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Waiting pay' })).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'After sale' })).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await app.user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the order detail from a card', async () => {
    const app = await renderApp('/order', { token });
    const card = await screen.findByRole('article', { name: cardName(orders.paid) });
    await app.user.click(within(card).getAllByRole('link')[0]!);
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${orders.paid.order_id}`));
    expect(await screen.findByRole('heading', { name: 'Shipping address' })).toBeInTheDocument();
  });

  it('goes to the payment of an unpaid order', async () => {
    const app = await renderApp('/myPurchases/0', { token });
    await app.user.click(await screen.findByRole('button', { name: `Pay order ${orders.unpaid.order_sn}` }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
  });

  it('cancels an unpaid order only after confirmation; one tap is one dialog', async () => {
    const order = await orderAt(server, token, 'unpaid');
    const app = await renderApp('/myPurchases/0', { token });
    const cancel = await screen.findByRole('button', { name: `Cancel order ${order.order_sn}` });
    await app.user.click(cancel);
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      `Cancel this order?Order ${order.order_sn} will be cancelled. This cannot be undone.`,
    );
    // The card's buttons are disabled while it is asked.
    expect(cancel).toBeDisabled();
    await confirmIn(app.user, 'Keep order');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await orderDetail(server, token, order.order_id)).status).toBe(0);

    // A double tap opens one dialog: the buttons are disabled from the first tap on.
    await app.user.dblClick(screen.getByRole('button', { name: `Cancel order ${order.order_sn}` }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await confirmIn(app.user, 'Cancel order');
    await findAnnouncement('Order cancelled');
    await waitFor(() => expect(screen.queryByRole('article', { name: cardName(order) })).not.toBeInTheDocument());
    expect((await orderDetail(server, token, order.order_id)).status).toBe(-1);

    await app.user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByRole('article', { name: cardName(order) })).toHaveTextContent('Cancelled');
  });

  it('confirms receipt of a delivered order', async () => {
    const order = await orderAt(server, token, 'shipped');
    const app = await renderApp('/myPurchases/2', { token });
    await app.user.click(await screen.findByRole('button', { name: `Confirm order ${order.order_sn} received` }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Have you received the goods?');
    await confirmIn(app.user, 'Confirm');
    await findAnnouncement('Receipt confirmed');
    await waitFor(() => expect(screen.queryByRole('article', { name: cardName(order) })).not.toBeInTheDocument());
    expect((await orderDetail(server, token, order.order_id)).status).toBe(3);
  });

  it('deletes a cancelled order: it leaves the list and the server forgets it', async () => {
    const order = await orderAt(server, token, 'cancelled');
    const app = await renderApp('/myPurchases/-1', { token });
    await app.user.click(await screen.findByRole('button', { name: `Delete order ${order.order_sn}` }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Delete this order?');
    await confirmIn(app.user, 'Delete');
    await findAnnouncement('Delete Success');
    await waitFor(() => expect(screen.queryByRole('article', { name: cardName(order) })).not.toBeInTheDocument());
    const gone = await server.call<{ code: number; msg: string }>(`/api/order/detail?order_id=${order.order_id}`, {
      token,
    });
    expect(gone.body).toMatchObject({ code: 0, msg: 'Order not found' });
  });

  it('says so when there are no orders', async () => {
    const shopper = await registerShopper(server, 'orders_none');
    await renderApp('/order', { token: shopper });
    expect(await screen.findByText('No orders here yet')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your orders' })).queryAllByRole('article')).toHaveLength(0);
  });
});
