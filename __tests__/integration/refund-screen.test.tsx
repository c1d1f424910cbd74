import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { paths } from '../../src/shared/config/paths';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { applyRefund, BLOCKS, orderAt, orderDetail, type ServerOrder } from '../support/orders';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { PNG_BYTES, servePageFrom } from '../support/wallet';

// Each order goes through the real API and operator commands.
jest.setTimeout(60_000);

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  // The proof upload is an XMLHttpRequest, which jsdom keeps to the page's origin.
  servePageFrom(server);
  token = await serverLogin(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

const png = (name = 'proof.png') => new File([PNG_BYTES], name, { type: 'image/png' });

interface RefundedOrder extends ServerOrder {
  refund: { amount: string; status: number; admin_msg: string } | null;
}

/** The refund URL the order detail opens. */
const refundPath = (order: ServerOrder, amount = order.total_price) =>
  paths.refundFor(
    order.order_id,
    order.order_sn,
    order.products.map((line) => line.order_product_id),
    amount,
  );

async function openForm(order: ServerOrder, path = refundPath(order)) {
  const app = await renderApp(path, { token });
  await screen.findByRole('button', { name: 'Submit refund request' });
  return app;
}

const amountField = () => screen.getByLabelText('Refund amount (USD)');

async function fillValid(app: Awaited<ReturnType<typeof openForm>>, amount?: string) {
  await app.user.click(screen.getByRole('radio', { name: 'Return and refund' }));
  await app.user.click(screen.getByRole('radio', { name: 'Received' }));
  if (amount !== undefined) {
    await app.user.clear(amountField());
    await app.user.type(amountField(), amount);
  }
  await app.user.selectOptions(screen.getByLabelText('Reason'), 'Arrived damaged');
  await app.user.type(screen.getByLabelText('Explanation'), 'The box was crushed and the lid cracked.');
  await app.user.upload(screen.getByLabelText('Proof 1'), png());
  await screen.findByRole('img', { name: 'Proof 1 preview' });
}

describe('RefundScreen', () => {
  it("shows the order's products and starts at the amount paid", async () => {
    const order = await orderAt(server, token, 'paid', [{ item: BLOCKS, num: 2 }]);
    await openForm(order);
    expect(screen.getByRole('heading', { level: 1, name: 'Request a refund' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: `Order No. ${order.order_sn}` });
    expect(summary).toHaveTextContent(order.products[0]!.title);
    expect(summary).toHaveTextContent('× 2');
    expect(amountField()).toHaveValue(order.total_price);
    expect(screen.getByText(`At most $${order.total_price}, what you paid`)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Refund type' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Product status' })).toBeInTheDocument();
    expect(
      Array.from((screen.getByLabelText('Reason') as HTMLSelectElement).options).map((option) => option.text),
    ).toEqual([
      'Choose a reason',
      'Quality problem',
      'Not as described',
      'Wrong item sent',
      'Arrived damaged',
      'No longer needed',
      'Other',
    ]);
  });

  it('shows every validation message of an empty form and sends nothing', async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order);
    await app.user.clear(amountField());
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    expect(await screen.findByText('Please choose the refund type')).toBeInTheDocument();
    expect(screen.getByText('Please choose the product status')).toBeInTheDocument();
    expect(screen.getByText('Please enter the refund amount')).toBeInTheDocument();
    expect(screen.getByText('Please choose a reason')).toBeInTheDocument();
    expect(screen.getByText('Please explain what happened')).toBeInTheDocument();
    expect(screen.getByText('Please upload at least one proof image')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Explanation')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Refund type' })).toHaveAccessibleDescription(
      'Please choose the refund type',
    );
    // The first refused field takes the focus (and so comes into view).
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Refund only (no return)' })).toHaveFocus());
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(0);
  });

  it.each([
    ['-5', 'Refund amount cannot be negative'],
    ['abc', 'Please fill correct amount'],
    ['1.234', 'Please fill correct amount'],
    ['0', 'The refund amount must be more than 0'],
    ['0.00', 'The refund amount must be more than 0'],
    ['999999', 'The refund cannot be more than you paid'],
  ])('refuses the amount %p with "%s"', async (amount, message) => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order);
    await app.user.clear(amountField());
    await app.user.type(amountField(), amount);
    await app.user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("takes the ceiling from the server's order: a higher amount in the URL cannot raise it", async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order, refundPath(order, '5000.00'));
    expect(amountField()).toHaveValue(order.total_price);
    expect(screen.getByText(`At most $${order.total_price}, what you paid`)).toBeInTheDocument();
    await app.user.clear(amountField());
    await app.user.type(amountField(), '4999');
    await app.user.tab();
    expect(await screen.findByText('The refund cannot be more than you paid')).toBeInTheDocument();
  });

  it('lowers the ceiling to a smaller amount in the URL', async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order, refundPath(order, '3.00'));
    expect(amountField()).toHaveValue('3.00');
    expect(screen.getByText('At most $3.00, what you paid')).toBeInTheDocument();
    await app.user.clear(amountField());
    await app.user.type(amountField(), '3.01');
    await app.user.tab();
    expect(await screen.findByText('The refund cannot be more than you paid')).toBeInTheDocument();
  });

  it('keeps up to three proof images, each removable', async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order);
    await app.user.upload(screen.getByLabelText('Proof 1'), png('one.png'));
    await screen.findByRole('img', { name: 'Proof 1 preview' });
    await app.user.upload(screen.getByLabelText('Proof 2'), png('two.png'));
    await screen.findByRole('img', { name: 'Proof 2 preview' });
    await app.user.upload(screen.getByLabelText('Proof 3'), png('three.png'));
    await screen.findByRole('img', { name: 'Proof 3 preview' });
    expect(screen.queryByLabelText('Proof 4')).not.toBeInTheDocument();
    const second = screen.getByRole('img', { name: 'Proof 2 preview' }).getAttribute('src');
    const third = screen.getByRole('img', { name: 'Proof 3 preview' }).getAttribute('src');

    await app.user.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Proof 1 preview' })).toHaveAttribute('src', second));
    expect(screen.getByRole('img', { name: 'Proof 2 preview' })).toHaveAttribute('src', third);
    expect(screen.queryByRole('img', { name: 'Proof 3 preview' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Proof 3')).toHaveAttribute('type', 'file');
  });

  it('files the request from the order detail and goes back to it, which shows the refund label', async () => {
    const order = await orderAt(server, token, 'shipped', [{ item: BLOCKS, num: 1 }]);
    const app = await renderApp(`/orderInfo/${order.order_id}`, { token });
    await app.user.click(await screen.findByRole('button', { name: 'Apply refund' }));
    await screen.findByRole('button', { name: 'Submit refund request' });
    await fillValid(app, '20.5');
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    const status = await screen.findByRole('region', { name: 'Order status' });
    await waitFor(() => expect(status).toHaveTextContent('Refund in progress'));
    expect(screen.getByRole('region', { name: 'Refund' })).toHaveTextContent('Amount asked for: $20.50');
    // Back leaves the order: the filled form is not in the history any more.
    await app.browserBack();
    await waitFor(() => expect(app.pathname()).not.toBe(refundPath(order)));

    const saved = (await orderDetail(server, token, order.order_id)) as RefundedOrder;
    expect(saved.refund_status).toBe(1);
    expect(saved.refund).toMatchObject({ amount: '20.50', status: 0 });
    const pending = await server.ops('list');
    expect(pending).toContain(order.order_sn);
  });

  it('files the request from its own link and puts the order detail in its place', async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order);
    await fillValid(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    const saved = (await orderDetail(server, token, order.order_id)) as RefundedOrder;
    expect(saved.refund).toMatchObject({ amount: order.total_price, status: 0 });
  });

  it('says a refund was already asked for instead of showing the form', async () => {
    const order = await orderAt(server, token, 'refunding');
    await renderApp(refundPath(order), { token });
    expect(await screen.findByText('You have already submitted a refund request')).toBeInTheDocument();
    expect(screen.getByText('You can follow it on the order.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit refund request' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
      'href',
      `/orderInfo/${order.order_id}`,
    );
  });

  it("shows the server's refusal of a second request, then that a request exists", async () => {
    const order = await orderAt(server, token, 'paid');
    const app = await openForm(order);
    await fillValid(app, '4');
    // Meanwhile the same order got a refund request elsewhere (another device).
    expect((await applyRefund(server, token, order.order_id, '1.00')).code).toBe(1);
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('You have already submitted a refund request', 'alert');
    expect(app.pathname()).toBe(refundPath(order));
    // The order is read again: it has a request now, so the form gives way to the notice.
    expect(await screen.findByText('You can follow it on the order.')).toBeInTheDocument();
    const saved = (await orderDetail(server, token, order.order_id)) as RefundedOrder;
    expect(saved.refund).toMatchObject({ amount: '1.00' });
  });

  it('shows the reason of a refused earlier request above the form', async () => {
    const order = await orderAt(server, token, 'paid');
    expect((await applyRefund(server, token, order.order_id)).code).toBe(1);
    await server.ops('refund:refuse', String(order.order_id), 'Please', 'send', 'clearer', 'photos');
    await openForm(order);
    expect(screen.getByRole('note')).toHaveTextContent('Your previous request was refused: Please send clearer photos');
  });

  it.each([
    ['an unpaid order', 'unpaid' as const, 'This order cannot be refunded'],
    ['a cancelled order', 'cancelled' as const, 'This order cannot be refunded'],
  ])('refuses %s', async (_case, stage, message) => {
    const order = await orderAt(server, token, stage);
    await renderApp(refundPath(order), { token });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Refunds are for paid orders that are not cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit refund request' })).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown order', '/refund/999999/SO1/1/10.00'],
    ['no order', '/refund'],
  ])('says the order was not found for %s', async (_case, path) => {
    await renderApp(path, { token });
    expect(await within(await screen.findByRole('main')).findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toHaveAttribute('href', '/order');
  });

  it('only refunds the lines of the URL that belong to the order', async () => {
    const order = await orderAt(server, token, 'paid');
    await openForm(order, paths.refundFor(order.order_id, order.order_sn, [424242], order.total_price));
    const summary = screen.getByRole('region', { name: `Order No. ${order.order_sn}` });
    expect(within(summary).getAllByRole('listitem')).toHaveLength(order.products.length);
  });
});
