import type { Middleware } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../src/api';
import { QUANTITY_DEBOUNCE_MS } from '../../src/features/cart/hooks/use-quantity-editor';
import { setApiOrigin } from '../../src/shared/config/env';
import { selectBackData } from '../../src/store/session.slice';
import {
  addToBag,
  addressesOf,
  bagOf,
  placeOrder,
  productFacts,
  saveAddress,
  type ProductFacts,
} from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp, settle } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
/** Products of the demo catalogue (ids from the seed): two from one shop, one from another, one with little stock. */
let tea: ProductFacts; // 12.50, Pantry Pioneers, no spec
let pan: ProductFacts; // 36.99, Pantry Pioneers
let mouse: ProductFacts; // 24.99, Northwind Electronics
let candle: ProductFacts; // 14.99, stock 16
let jeans: ProductFacts; // 36.50, stock 65 (mostly bought by another shopper in one test)
let monitor: ProductFacts; // 329.00, stock 67 (sold out by another shopper in one test)
beforeAll(async () => {
  server = await startServer();
  [tea, pan, mouse, candle, monitor, jeans] = await Promise.all([
    productFacts(server, 18),
    productFacts(server, 14),
    productFacts(server, 21),
    productFacts(server, 44),
    productFacts(server, 31),
    productFacts(server, 27),
  ]);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeToasts();
});

/** A shopper of their own per test: each bag starts empty. */
let shoppers = 0;
const freshShopper = () => registerShopper(server, `bag_${Date.now() % 100000}_${++shoppers}`);

async function openBag(token: string) {
  const app = await renderApp('/bag', { token });
  await screen.findByRole('heading', { name: 'Cart', level: 1 });
  return app;
}

const lineOf = (title: string) => screen.getByRole('checkbox', { name: `Select ${title}` }).closest('li')!;
const totalShown = () =>
  screen.getByText('Total', { selector: '.bag-bar__total-label' }).nextElementSibling!.textContent;
const quantityOf = (title: string) => screen.getByRole('textbox', { name: `Quantity of ${title}` });

describe('BagScreen', () => {
  it('sends a visitor to login', async () => {
    const app = await renderApp('/bag');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });

  it('opened by a page load, draws the lines on its first render from the reads made for it, and reads the bag once', async () => {
    const token = await freshShopper();
    await addToBag(server, token, mouse, 1);
    await addToBag(server, token, pan, 2);
    let bagReads = 0;
    const countBagReads: Middleware = () => (next) => (action) => {
      if (api.endpoints.getCart.matchPending(action)) bagReads += 1;
      return next(action);
    };
    const app = await renderApp('/bag', { token, middleware: [countBagReads], firstScreenReads: true });
    // No waiting: what the shopper sees replace the static frame is the bag itself, with no empty
    // guard or loading state between them (the server drew the same lines in the frame).
    expect(screen.getByRole('heading', { name: 'Cart', level: 1 })).toBeInTheDocument();
    expect(within(lineOf(mouse.title)).getByText('$24.99')).toBeInTheDocument();
    expect(quantityOf(pan.title)).toHaveValue('2');
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();
    await settle(300);
    expect(bagReads).toBe(1);
    // Shown again, the bag reads what changed meanwhile (SPEC: reloaded on every visit).
    await app.visit('/home');
    await addToBag(server, token, tea, 1);
    await app.visit('/bag');
    expect(await screen.findByRole('checkbox', { name: `Select ${tea.title}` })).toBeInTheDocument();
    expect(bagReads).toBe(2);
  });

  it('shows an empty bag with a way to the shop', async () => {
    const token = await freshShopper();
    const app = await openBag(token);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Go shopping' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it('groups lines by shop and totals the selection per line, per shop and for the whole bag', async () => {
    const token = await freshShopper();
    await addToBag(server, token, mouse, 2);
    await addToBag(server, token, pan, 1);
    await addToBag(server, token, tea, 3);
    const fetches = jest.spyOn(globalThis, 'fetch');
    const app = await openBag(token);

    // The shops' names come with the bag's lines (getCart's mer_name): no request per shop.
    const pantry = await screen.findByRole('region', { name: tea.shopName });
    const northwind = await screen.findByRole('region', { name: mouse.shopName });
    expect(within(pantry).getByRole('link', { name: tea.shopName })).toHaveAttribute('href', `/shop/${tea.merId}`);
    expect(pantry.querySelector('.bag-shop__avatar')).toHaveAttribute(
      'src',
      expect.stringMatching(new RegExp(`/media/shop/${tea.merId}\\.svg$`)),
    );
    const urls = fetches.mock.calls.map(([request]) => String(request instanceof Request ? request.url : request));
    expect(urls.some((url) => url.includes('/api/cart/index'))).toBe(true);
    expect(urls.filter((url) => url.includes('/api/merchant/detail'))).toEqual([]);
    expect(within(pantry).getAllByRole('listitem')).toHaveLength(2);
    expect(within(northwind).getAllByRole('listitem')).toHaveLength(1);
    // Newest first: the tea (added last) leads its shop, and its shop leads the bag.
    expect(pantry.compareDocumentPosition(northwind) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(lineOf(tea.title)).getByText('$12.50')).toBeInTheDocument();
    expect(quantityOf(tea.title)).toHaveValue('3');
    expect(totalShown()).toBe('$0.00');
    expect(screen.getByRole('button', { name: 'Checkout (0)' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('checkbox', { name: `Select ${tea.title}` }));
    expect(totalShown()).toBe('$37.50');
    const shopBox = screen.getByRole('checkbox', { name: `Select all items from ${tea.shopName}` });
    expect(shopBox).toHaveProperty('indeterminate', true);

    await app.user.click(shopBox);
    expect(totalShown()).toBe('$74.49'); // 3 x 12.50 + 36.99
    expect(shopBox).toBeChecked();
    const allBox = screen.getByRole('checkbox', { name: 'Select all items in the cart' });
    expect(allBox).toHaveProperty('indeterminate', true);

    await app.user.click(allBox);
    expect(totalShown()).toBe('$124.47'); // + 2 x 24.99
    expect(screen.getByRole('button', { name: 'Checkout (3)' })).toBeInTheDocument();
    await app.user.click(allBox);
    expect(totalShown()).toBe('$0.00');
    expect(screen.getByRole('checkbox', { name: `Select ${mouse.title}` })).not.toBeChecked();
  });

  it("says 'Please select item to checkout' when nothing is selected, and stays", async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    const app = await openBag(token);
    await app.user.click(await screen.findByRole('button', { name: 'Checkout (0)' }));
    await findAnnouncement('Please select item to checkout');
    expect(app.pathname()).toBe('/bag');
  });

  it('limits the quantity to 1..stock and says how many are left', async () => {
    const token = await freshShopper();
    await addToBag(server, token, candle, candle.stock - 1);
    await addToBag(server, token, tea, 1);
    const app = await openBag(token);
    const more = await screen.findByRole('button', { name: `One more ${candle.title}` });
    expect(screen.getByRole('button', { name: `One fewer ${tea.title}` })).toBeDisabled();

    await app.user.click(more);
    expect(quantityOf(candle.title)).toHaveValue(String(candle.stock));
    expect(more).toBeDisabled();
    expect(screen.getByText(`Only ${candle.stock} in stock`)).toBeInTheDocument();

    // Typed numbers are clamped too.
    const field = quantityOf(tea.title);
    await app.user.click(field);
    await app.user.keyboard('{Control>}a{/Control}0{Enter}');
    expect(field).toHaveValue('1');
    await app.user.click(field);
    await app.user.keyboard('{Control>}a{/Control}9999{Enter}');
    expect(field).toHaveValue(String(tea.stock));

    await waitFor(async () => {
      const lines = await bagOf(server, token);
      expect(lines.find((line) => line.product_id === candle.productId)?.cart_num).toBe(candle.stock);
      expect(lines.find((line) => line.product_id === tea.productId)?.cart_num).toBe(tea.stock);
    });
  });

  it('sends one final quantity after fast taps, and settles to what the server has', async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    const app = await openBag(token);
    const more = await screen.findByRole('button', { name: `One more ${tea.title}` });
    const fetches = jest.spyOn(globalThis, 'fetch');
    // When each tap began and ended: a busy machine can take longer than the debounce for one tap.
    const taps: { from: number; to: number }[] = [];
    const tap = async (button: HTMLElement) => {
      const from = Date.now();
      await app.user.click(button);
      taps.push({ from, to: Date.now() });
    };
    for (let i = 0; i < 5; i++) await tap(more);
    await tap(screen.getByRole('button', { name: `One fewer ${tea.title}` }));
    expect(quantityOf(tea.title)).toHaveValue('5'); // shown at once

    await waitFor(async () => expect((await bagOf(server, token))[0]!.cart_num).toBe(5));
    const setNums = () =>
      fetches.mock.calls.filter(([request]) =>
        String(request instanceof Request ? request.url : request).includes('/api/cart/set_num'),
      );
    // Taps closer together than the debounce send one number, the last. Only where two taps were
    // (possibly) further apart than the debounce may the number reached by then have gone out too.
    const pauses = taps.slice(1).filter((next, i) => next.to - taps[i]!.from >= QUANTITY_DEBOUNCE_MS).length;
    await waitFor(() => expect(setNums().length).toBeGreaterThanOrEqual(1));
    expect(setNums().length).toBeLessThanOrEqual(1 + pauses);
    // The bag was reloaded after the change and shows the server's number.
    await waitFor(() =>
      expect(
        fetches.mock.calls.filter(([request]) => String((request as Request).url).includes('/api/cart/index')).length,
      ).toBeGreaterThan(0),
    );
    expect(quantityOf(tea.title)).toHaveValue('5');
  });

  it("goes back to the server's number when the server refuses a quantity (stock taken meanwhile)", async () => {
    const token = await freshShopper();
    await addToBag(server, token, jeans, 1);
    const app = await openBag(token);
    const more = await screen.findByRole('button', { name: `One more ${jeans.title}` });
    // Another shopper's order leaves one pair while this bag still shows the old stock.
    const other = await freshShopper();
    await saveAddress(server, other, { name: 'Other Buyer', detail: '1 Main Street', is_default: 1 });
    await addToBag(server, other, jeans, jeans.stock - 1);
    const [otherLine] = await bagOf(server, other);
    const [otherAddress] = await addressesOf(server, other);
    await placeOrder(server, other, [otherLine!.cart_id], otherAddress!.address_id);

    await app.user.click(more);
    expect(quantityOf(jeans.title)).toHaveValue('2');
    await findAnnouncement('Not enough stock (only 1 left)', 'alert');
    await waitFor(() => expect(quantityOf(jeans.title)).toHaveValue('1'));
    await waitFor(() => expect(screen.getByText('Only 1 in stock')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: `One more ${jeans.title}` })).toBeDisabled();
    expect((await bagOf(server, token))[0]!.cart_num).toBe(1);
  });

  it('deletes a line by swiping, after a confirmation', async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    await addToBag(server, token, mouse, 1);
    const app = await openBag(token);
    const line = await waitFor(() => lineOf(tea.title));
    await app.user.click(within(line).getByRole('button', { name: `Delete ${tea.title}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${tea.title} will be removed from your cart.`)).toBeInTheDocument();
    await waitUntilClickable(within(dialog).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findAnnouncement('Delete Success');
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: `Select ${tea.title}` })).not.toBeInTheDocument(),
    );
    expect((await bagOf(server, token)).map((item) => item.product_id)).toEqual([mouse.productId]);
  });

  it('keeps a line when the deletion is cancelled', async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    const app = await openBag(token);
    const line = await waitFor(() => lineOf(tea.title));
    await app.user.click(within(line).getByRole('button', { name: `Delete ${tea.title}` }));
    const dialog = await screen.findByRole('dialog');
    await waitUntilClickable(within(dialog).getByRole('button', { name: 'Cancel' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bagOf(server, token)).toHaveLength(1);
  });

  it('deletes the selected lines in the edit mode (no swiping needed)', async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    await addToBag(server, token, pan, 1);
    await addToBag(server, token, mouse, 1);
    const app = await openBag(token);
    await app.user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Delete (0)' }));
    await findAnnouncement('Please select items to delete');

    await app.user.click(screen.getByRole('checkbox', { name: `Select all items from ${tea.shopName}` }));
    await app.user.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 items will be removed from your cart.')).toBeInTheDocument();
    await waitUntilClickable(within(dialog).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findAnnouncement('Delete Success');
    await waitFor(async () =>
      expect((await bagOf(server, token)).map((item) => item.product_id)).toEqual([mouse.productId]),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: tea.shopName })).not.toBeInTheDocument());
  });

  it('shows a sold-out line that cannot be bought but can be deleted in the edit mode', async () => {
    const token = await freshShopper();
    await addToBag(server, token, monitor, 1);
    await addToBag(server, token, tea, 1);
    // Another shopper orders the whole stock (submitting reserves it).
    const other = await freshShopper();
    await saveAddress(server, other, { name: 'Other Buyer', detail: '1 Main Street', is_default: 1 });
    await addToBag(server, other, monitor, monitor.stock);
    const [otherLine] = await bagOf(server, other);
    const [otherAddress] = await addressesOf(server, other);
    await placeOrder(server, other, [otherLine!.cart_id], otherAddress!.address_id);

    const app = await openBag(token);
    const line = await waitFor(() => lineOf(monitor.title));
    expect(within(line).getByText('Sold out')).toBeInTheDocument();
    expect(within(line).queryByRole('button', { name: `One more ${monitor.title}` })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: `Select ${monitor.title}` })).toBeDisabled();
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all items in the cart' }));
    expect(screen.getByRole('button', { name: 'Checkout (1)' })).toBeInTheDocument();
    expect(totalShown()).toBe('$12.50');

    await app.user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('checkbox', { name: `Select ${monitor.title}` });
    expect(box).toBeEnabled();
    await app.user.click(box);
    await app.user.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog');
    await waitUntilClickable(within(dialog).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await bagOf(server, token)).toHaveLength(0));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('hands the selected lines to checkout in backData, after sending an unsent quantity', async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    await addToBag(server, token, mouse, 1);
    const app = await openBag(token);
    await app.user.click(await screen.findByRole('checkbox', { name: `Select ${tea.title}` }));
    await app.user.click(screen.getByRole('button', { name: `One more ${tea.title}` }));
    await app.user.click(screen.getByRole('button', { name: 'Checkout (1)' }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    const [teaLine] = (await bagOf(server, token)).filter((line) => line.product_id === tea.productId);
    expect(teaLine!.cart_num).toBe(2);
    expect(selectBackData(app.store.getState())).toEqual({ cartIds: [teaLine!.cart_id] });
  });

  it('reloads the bag every time its tab is shown again', async () => {
    const token = await freshShopper();
    await addToBag(server, token, tea, 1);
    const app = await openBag(token);
    await screen.findByRole('checkbox', { name: `Select ${tea.title}` });
    await app.user.click(screen.getByRole('checkbox', { name: `Select ${tea.title}` }));

    await app.user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    await addToBag(server, token, mouse, 1);
    await app.user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(await screen.findByRole('checkbox', { name: `Select ${mouse.title}` })).toBeInTheDocument();
    // Kept alive: the selection made before is still there.
    expect(screen.getByRole('checkbox', { name: `Select ${tea.title}` })).toBeChecked();
  });
});
