import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { orderAt, orderDetail, TEA, type ServerOrder } from '../support/orders';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { PNG_BYTES, servePageFrom } from '../support/wallet';

// Each order goes through the real API and operator commands.
jest.setTimeout(60_000);

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  // Photo uploads are XMLHttpRequests, which jsdom keeps to the page's origin.
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

const TEA_TITLE = 'Japanese Sencha Green Tea, 100 Bags';
const reviewPath = (order: ServerOrder, productId = order.products[0]!.product_id) =>
  `/comment?order_id=${order.order_id}&product_id=${productId}`;

async function openForm(order: ServerOrder) {
  const app = await renderApp(reviewPath(order), { token });
  await screen.findByRole('button', { name: 'Submit review' });
  return app;
}

interface Reply {
  nickname: string;
  product_score: number;
  comment: string;
  /** Photo URLs, comma-separated (the backend family's form). */
  pics: string;
}
async function replies(): Promise<Reply[]> {
  const res = await server.call<{ data: { reply_list: Reply[] } }>(
    `/api/product/detail?mer_id=${TEA.mer_id}&product_id=${TEA.product_id}`,
  );
  return res.body.data.reply_list;
}

describe('ReviewScreen', () => {
  it('shows the product of the order and three ratings at five stars, a text field and optional photos', async () => {
    const order = await orderAt(server, token, 'received');
    await openForm(order);
    expect(screen.getByRole('heading', { level: 1, name: 'Write a review' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: TEA_TITLE })).toBeInTheDocument();
    const ratings = screen.getByRole('group', { name: 'Ratings' });
    for (const name of ['Product', 'Service', 'Shipping']) {
      const slider = within(ratings).getByRole('slider', { name });
      expect(slider).toHaveValue('5');
      expect(slider).toHaveAttribute('aria-valuetext', '5 of 5 stars');
      expect(slider).toHaveAttribute('step', '0.5');
      expect(slider).toHaveAttribute('min', '1');
    }
    expect(screen.getByLabelText('Your review')).toHaveValue('');
    expect(screen.getByText('Photos (optional, up to 3)')).toBeInTheDocument();
    expect(screen.getByLabelText('Photo 1')).toHaveAttribute('type', 'file');
  });

  it.each([
    ['an empty', ''],
    ['a blank', '   '],
  ])('refuses %s review with "Review content cannot be empty" and sends nothing', async (_case, text) => {
    const order = await orderAt(server, token, 'received');
    const app = await openForm(order);
    if (text) await app.user.type(screen.getByLabelText('Your review'), text);
    await app.user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Review content cannot be empty')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Your review')).toHaveFocus());
    expect((await orderDetail(server, token, order.order_id)).products[0]!.is_reply).toBe(0);
  });

  it('rates in half stars through the slider, and the stars follow', async () => {
    const order = await orderAt(server, token, 'received');
    await openForm(order);
    const service = screen.getByRole('slider', { name: 'Service' });
    fireEvent.change(service, { target: { value: '3.5' } });
    await waitFor(() => expect(service).toHaveAttribute('aria-valuetext', '3.5 of 5 stars'));
    const row = service.closest('.score-field')!;
    expect(row).toHaveTextContent('3.5');
    expect(row.querySelectorAll('.adm-rate-star-active')).toHaveLength(7); // 3 whole stars and a half: 7 halves
  });

  it('submits once from the order, goes back to it showing the product as reviewed, and the product shows the review', async () => {
    const order = await orderAt(server, token, 'received');
    const app = await renderApp(`/orderInfo/${order.order_id}`, { token });
    await app.user.click(await screen.findByRole('link', { name: `Review ${TEA_TITLE}` }));
    await screen.findByRole('button', { name: 'Submit review' });
    fireEvent.change(screen.getByRole('slider', { name: 'Product' }), { target: { value: '4.5' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Shipping' }), { target: { value: '4' } });
    await app.user.type(screen.getByLabelText('Your review'), 'Fresh, fragrant and well packed.');
    expect(screen.getByText('32/1000')).toBeInTheDocument();
    await app.user.upload(screen.getByLabelText('Photo 1'), new File([PNG_BYTES], 'tea.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Photo 1 preview' });
    await app.user.dblClick(screen.getByRole('button', { name: 'Submit review' }));

    await findAnnouncement('Thanks for your review');
    // The second tap of the double tap sent nothing: no refusal was announced.
    expect(screen.queryByText('This product has already been reviewed')).not.toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    const products = await screen.findByRole('region', { name: 'Products' });
    await waitFor(() => expect(within(products).getByText('Reviewed')).toBeInTheDocument());
    // The only product reviewed completes the order.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Order status' })).toHaveTextContent('Completed'));

    const saved = await orderDetail(server, token, order.order_id);
    expect(saved.products[0]!.is_reply).toBe(1);
    const reply = (await replies()).find((item) => item.comment === 'Fresh, fragrant and well packed.');
    expect(reply).toMatchObject({ nickname: 'Demo Shopper', product_score: 4.5 });
    expect(reply!.pics.split(',').filter(Boolean)).toHaveLength(1);
  });

  it('submits from its own link and puts the order in its place', async () => {
    const order = await orderAt(server, token, 'received');
    const app = await openForm(order);
    await app.user.type(screen.getByLabelText('Your review'), 'Nice tea.');
    await app.user.click(screen.getByRole('button', { name: 'Submit review' }));
    await findAnnouncement('Thanks for your review');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    expect((await replies()).some((item) => item.comment === 'Nice tea.')).toBe(true);
  });

  it('says the product was already reviewed', async () => {
    const order = await orderAt(server, token, 'completed');
    await renderApp(reviewPath(order), { token });
    expect(await screen.findByText('You have reviewed this product')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
      'href',
      `/orderInfo/${order.order_id}`,
    );
  });

  it("shows the server's refusal when the product got reviewed meanwhile", async () => {
    const order = await orderAt(server, token, 'received');
    const app = await openForm(order);
    await app.user.type(screen.getByLabelText('Your review'), 'Second thoughts.');
    // Reviewed meanwhile on another device.
    await server.call('/api/order/comment', {
      token,
      json: {
        order_id: order.order_id,
        product_id: order.products[0]!.product_id,
        product_score: 5,
        service_score: 5,
        postage_score: 5,
        comment: 'First.',
        pics: '',
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Submit review' }));
    await findAnnouncement('This product has already been reviewed', 'alert');
    expect(await screen.findByText('You have reviewed this product')).toBeInTheDocument();
  });

  it('says a product can be reviewed once the order is received', async () => {
    const order = await orderAt(server, token, 'shipped');
    await renderApp(reviewPath(order), { token });
    expect(await screen.findByText('You can review this product once the order is received')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown order', '/comment?order_id=999999&product_id=18'],
    ['a product not in the order', 'ORDER&product_id=424242'],
    ['no query', '/comment'],
    ['ids that are not numbers', '/comment?order_id=abc&product_id=x'],
  ])('says the order or product was not found for %s', async (_case, path) => {
    let url = path;
    if (path.startsWith('ORDER')) {
      const order = await orderAt(server, token, 'received');
      url = path.replace('ORDER', `/comment?order_id=${order.order_id}`);
    }
    await renderApp(url, { token });
    expect(await screen.findByText('Order or product not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  });
});
