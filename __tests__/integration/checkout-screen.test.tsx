import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { backDataKeys } from '../../src/shared/config/back-data';
import { backDataCleared, backDataMerged, selectBackData } from '../../src/store/session.slice';
import {
  addToBag,
  addressesOf,
  bagOf,
  ordersOf,
  productFacts,
  saveAddress,
  type ProductFacts,
} from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
let tea: ProductFacts; // 12.50, Pantry Pioneers, no spec
let mouse: ProductFacts; // 24.99, Northwind Electronics, one spec group
beforeAll(async () => {
  server = await startServer();
  [tea, mouse] = await Promise.all([productFacts(server, 18), productFacts(server, 21)]);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

interface Envelope<T> {
  code: number;
  data: T;
}

let shoppers = 0;
/** A shopper of their own, with a default address unless told otherwise. */
async function freshShopper(withAddress = true): Promise<string> {
  const token = await registerShopper(server, `co_${Date.now() % 100000}_${++shoppers}`);
  if (withAddress) await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
  return token;
}

/** Tea x2 (Pantry Pioneers) and a mouse (Northwind): two shops, each below the free-freight threshold. */
async function fillBag(token: string): Promise<number[]> {
  await addToBag(server, token, tea, 2);
  await addToBag(server, token, mouse, 1);
  return (await bagOf(server, token)).map((line) => line.cart_id);
}

/** Opens /checkout with a selection in backData, as the bag or the product page leave it. */
async function openCheckout(token: string, backData: Record<string, unknown>) {
  const app = await renderApp('/checkout', { token });
  app.store.dispatch(backDataMerged(backData));
  await screen.findByRole('heading', { name: 'Checkout', level: 1 });
  return app;
}

async function paste(user: Awaited<ReturnType<typeof renderApp>>['user'], label: string, value: string) {
  const input = await screen.findByLabelText(label);
  await user.click(input);
  await user.paste(value);
}

const summary = () => {
  const list = screen.getByRole('region', { name: 'Order summary' });
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling!.textContent]),
  );
};

describe('CheckoutScreen', () => {
  it('says there is nothing to check out without a selection (e.g. after a reload), with a way back to the bag', async () => {
    const token = await freshShopper();
    const app = await renderApp('/checkout', { token });
    expect(await screen.findByText('Nothing to check out')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Back to cart' }));
    await waitFor(() => expect(app.pathname()).toBe('/bag'));
  });

  it("comes from the bag and shows the server's prices: lines, freight per shop, total, default address", async () => {
    const token = await freshShopper();
    await fillBag(token);
    const app = await renderApp('/bag', { token });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select all items in the cart' }));
    await app.user.click(screen.getByRole('button', { name: 'Checkout (2)' }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));

    expect(
      await screen.findByRole('button', {
        name: /^Shipping address: Home Base .*United States 1 Main Street ?\. Choose another$/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
    const items = screen.getByRole('region', { name: '3 items' });
    // Per shop, under its name: each shop's lines become one order.
    expect(
      within(items)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining([tea.shopName, mouse.shopName]));
    expect(within(items).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    const teaLine = within(items).getByText(tea.title).closest('li')!;
    expect(within(teaLine).getByText('$12.50 × 2')).toBeInTheDocument();
    expect(within(teaLine).getByText('$25.00')).toBeInTheDocument();
    const mouseLine = within(items).getByText(mouse.title).closest('li')!;
    expect(within(mouseLine).getByText(mouse.spec)).toBeInTheDocument();
    expect(summary()).toEqual({ Items: '$49.99', Freight: '$10.00', Total: '$59.99' });
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('applies a promo code the server accepts, refuses an unknown one, and removes it', async () => {
    const token = await freshShopper();
    const app = await openCheckout(token, { cartIds: await fillBag(token) });
    const field = await screen.findByRole('textbox', { name: 'Promo code' });
    await app.user.type(field, 'NOPE');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await findAnnouncement('Invalid promo code', 'alert');
    expect(field).toHaveValue('NOPE');
    expect(summary()).toEqual({ Items: '$49.99', Freight: '$10.00', Total: '$59.99' });

    await app.user.clear(field);
    await app.user.type(field, 'save5');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await findAnnouncement('Promo code applied');
    await waitFor(() =>
      expect(summary()).toEqual({ Items: '$49.99', Freight: '$10.00', 'Promo save5': '-$5.00', Total: '$54.99' }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(summary()).toEqual({ Items: '$49.99', Freight: '$10.00', Total: '$59.99' }));
  });

  it('uses an address picked in the address list (choose mode) and orders to it', async () => {
    const token = await freshShopper();
    await saveAddress(server, token, { name: 'Office Desk', detail: '500 Market Street' });
    const app = await openCheckout(token, { cartIds: await fillBag(token) });
    await app.user.click(await screen.findByRole('button', { name: /^Shipping address: Home Base/ }));
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    await app.user.click(await screen.findByRole('button', { name: /^Use this address: Office Desk / }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(
      await screen.findByRole('button', {
        name: /^Shipping address: Office Desk .*United States 500 Market Street ?\. Choose another$/,
      }),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
    const orders = await ordersOf(server, token, '0');
    expect(orders).toHaveLength(2); // one per shop
    for (const order of orders) {
      const detail = await server.call<Envelope<{ real_name: string; user_address: string }>>(
        `/api/order/detail?order_id=${order.order_id}`,
        { token },
      );
      expect(detail.body.data).toMatchObject({
        real_name: 'Office Desk',
        user_address: expect.stringContaining('500 Market Street'),
      });
    }
  });

  it('lets the shopper pick another address when the picked one was deleted meanwhile', async () => {
    const token = await freshShopper();
    await saveAddress(server, token, { name: 'Gone Soon', detail: '7 Old Road' });
    const gone = (await addressesOf(server, token)).find((address) => address.name === 'Gone Soon')!;
    await server.call(`/api/user/address_del?address_id=${gone.address_id}`, { token });
    const app = await openCheckout(token, { cartIds: await fillBag(token), chosenAddress: gone });
    expect(await screen.findByText('Address not found', { selector: '.state__description' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Choose another address' }));
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    await app.user.click(await screen.findByRole('button', { name: /^Use this address: Home Base / }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(await screen.findByRole('button', { name: /^Shipping address: Home Base/ })).toBeInTheDocument();
  });

  it('offers to add an address when there is none, and uses the one added', async () => {
    const token = await freshShopper(false);
    const app = await openCheckout(token, { cartIds: await fillBag(token) });
    expect(await screen.findByText('Add an address so we know where to send your order.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    await findAnnouncement('Please add a shipping address');
    expect(await ordersOf(server, token, 'all')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Add a shipping address' }));
    await waitFor(() => expect(app.pathname()).toBe('/addressForm'));
    expect(await screen.findByText('The new address will be used for this order.')).toBeInTheDocument();
    await paste(app.user, 'Addressee', 'New Place');
    await app.user.click(await screen.findByRole('button', { name: /^Country or region/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Country or region' });
    const search = within(sheet).getByLabelText('Search a country or region');
    await waitUntilClickable(search);
    await app.user.click(search);
    await app.user.paste('United States');
    await app.user.click(within(sheet).getByRole('button', { name: /^United States/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Country or region' })).not.toBeInTheDocument());
    await paste(app.user, 'Mobile number', '2015550144');
    await paste(app.user, 'State / province and city', 'New York');
    await paste(app.user, 'Detailed address', '9 Elm Road');
    await app.user.click(screen.getByRole('button', { name: 'Work' }));
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(
      await screen.findByRole('button', { name: /^Shipping address: New Place .*9 Elm Road/ }),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
    expect(await ordersOf(server, token, '0')).toHaveLength(2);
  });

  it('places the order once, empties those bag lines and goes to payment with only the payment number in the URL', async () => {
    const token = await freshShopper();
    const cartIds = await fillBag(token);
    await addToBag(server, token, await productFacts(server, 14), 1); // stays in the bag
    const app = await openCheckout(token, { cartIds });
    const submit = await screen.findByRole('button', { name: 'Place order' });
    await app.user.dblClick(submit);
    await findAnnouncement('Create Order Success');
    await waitFor(() => expect(app.pathname()).toBe('/payment'));

    const orders = await ordersOf(server, token, '0');
    expect(orders).toHaveLength(2);
    const bag = await bagOf(server, token);
    expect(bag.map((line) => line.product_id)).toEqual([14]);
    const backData = selectBackData(app.store.getState());
    expect(backData.cartIds).toBeUndefined();
    // The payment screen reads the payment number from its URL and the amount back from the server
    // (getPaymentInfo), as after a reload: checkout's hand-over of submitOrder's answer is only for a
    // backend without that call, and without it the screen still shows the server's amount.
    expect(backData.submittedOrder).toMatchObject({ out_trade_no: expect.stringMatching(/^PT\d{14}$/) });
    app.store.dispatch(backDataCleared([backDataKeys.submittedOrder]));
    expect(await screen.findByText(/^Payment number PT\d{14}$/)).toBeInTheDocument();
    expect(await screen.findByText('$59.99', { selector: '.payment-amount__value' })).toBeInTheDocument();
  });

  it('buys one product now (from its page) without touching the bag', async () => {
    const token = await freshShopper();
    await addToBag(server, token, mouse, 1);
    const app = await openCheckout(token, {
      buyNow: { product_id: tea.productId, mer_id: tea.merId, spec: tea.spec, number: 3, id: tea.id },
    });
    const items = await screen.findByRole('region', { name: '3 items' });
    expect(within(items).getByText('$12.50 × 3')).toBeInTheDocument();
    expect(summary()).toEqual({ Items: '$37.50', Freight: '$5.00', Total: '$42.50' });
    await app.user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
    expect((await ordersOf(server, token, '0'))[0]).toMatchObject({ total_price: '42.50' });
    expect((await bagOf(server, token)).map((line) => line.product_id)).toEqual([mouse.productId]);
    expect(selectBackData(app.store.getState()).buyNow).toBeUndefined();
  });

  it("shows the server's refusal when the selection cannot be bought, with a way back to the bag", async () => {
    const token = await freshShopper();
    const { stock } = await productFacts(server, tea.productId); // other tests bought some
    const app = await openCheckout(token, {
      buyNow: { product_id: tea.productId, mer_id: tea.merId, spec: '', number: stock + 1, id: tea.id },
    });
    expect(
      await screen.findByText(`Not enough stock for ${tea.title} (only ${stock} left)`, {
        selector: '.state__description',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Back to cart' }));
    await waitFor(() => expect(app.pathname()).toBe('/bag'));
  });
});
