import { screen, waitFor, within } from '@testing-library/react';
import { IntlMessageFormat } from 'intl-messageformat';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import en from '../../translations/en.json';
import ri from '../../translations/ri.json';
import { Contract } from '../../scripts/contract/spec';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import {
  FAMILY_ROUTES,
  FAMILY_TOKEN,
  startFamilyBackend,
  type FamilyBackend,
  type FamilyOperation,
} from '../support/family-backend';
import { installPasskeyDevice } from '../support/passkey-device';
import { renderApp } from '../support/render-app';
import { CATEGORY_NAMES_EN } from '../support/catalog';

// The SPA against a backend of the shop's backend family (BACKEND-FAMILY.md): nested product cards,
// follow_count / good_rate, comma strings of images, display-text dates, the family's category keys,
// and none of our x-extension fields. Every screen must show every figure the backend sent, translated,
// and leave out (never blank, never NaN) what it did not send.

type Messages = Record<string, string>;
const catalogues: Record<'en' | 'ja', Messages> = { en, ja: ri };
/** A message of the SPA's catalogue in English or Japanese, as the shopper reads it. */
const t = (locale: 'en' | 'ja', id: string, values?: Record<string, unknown>) =>
  String(new IntlMessageFormat(catalogues[locale][id]!, locale).format(values));
const usd = (value: string, locale: 'en' | 'ja' = 'en') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(Number(value));
/** Unix seconds in the shopper's zone (the test machine's), as the screens show them. */
const instant = (seconds: number, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));

let backend: FamilyBackend;
beforeAll(async () => {
  backend = await startFamilyBackend();
});
afterAll(() => backend.close());
beforeEach(() => {
  setApiOrigin(backend.origin);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

const image = (name: string) => `${backend.origin}/media/${name}.svg`;
const region = (name: string | RegExp) => screen.getByRole('region', { name });
const speakJapanese = () =>
  Cookies.set('language', JSON.stringify({ language_name: '日本語', chinese_name: '日语', file_name: 'ri' }));

describe('the family-shaped stand-in', () => {
  it("answers every call with the contract's success shape and none of our extension fields", () => {
    const contract = Contract.load();
    for (const [operationId, body] of Object.entries(backend.fixtures) as [FamilyOperation, unknown][]) {
      const operation = contract.operation(operationId);
      expect({ operationId, path: operation.path, method: operation.method }).toEqual({
        operationId,
        path: FAMILY_ROUTES[operationId].path,
        method: FAMILY_ROUTES[operationId].method,
      });
      expect({ operationId, errors: contract.validate(operation, 200, body).errors }).toEqual({
        operationId,
        errors: [],
      });
      expect({ operationId, extensions: contract.extensionsIn(operation, body).present }).toEqual({
        operationId,
        extensions: [],
      });
    }
  });
});

describe('Catalog screens against a family backend', () => {
  it("home: banners, the family's category keys translated (an unknown one by its name), full product and shop cards", async () => {
    const app = await renderApp('/home');
    const carousel = await screen.findByRole('region', { name: 'Promotions' });
    const banners = await within(carousel).findAllByRole('img');
    expect(banners.map((banner) => banner.getAttribute('src'))).toEqual([image('banner-spring'), image('banner-gear')]);

    const chips = within(region('Categories'));
    await waitFor(() =>
      expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
        ...CATEGORY_NAMES_EN,
        'Garden tools',
      ]),
    );

    const hot = within(region('Hot products'));
    await waitFor(() => expect(hot.getAllByRole('link')).toHaveLength(4));
    const shoes = hot.getByRole('link', { name: /Trail Running Shoes/ });
    expect(shoes).toHaveAttribute('href', '/detail/11/2');
    expect(shoes.querySelector('img')).toHaveAttribute('src', image('trail-shoes'));
    expect(shoes).toHaveTextContent('$59.90');
    expect(within(shoes).getByText('Was $79.00')).toBeInTheDocument();
    expect(shoes).toHaveTextContent('35 sold');
    // Same price before: nothing struck through.
    const headphones = hot.getByRole('link', { name: /Noise-cancelling Headphones/ });
    expect(headphones).toHaveTextContent('$89.00');
    expect(headphones).not.toHaveTextContent('Was');
    expect(headphones).not.toHaveTextContent('NaN');

    const shops = within(region('Popular shops'));
    await waitFor(() => expect(shops.getAllByRole('link')).toHaveLength(2));
    const northwind = shops.getByRole('link', { name: /Northwind Outfitters/ });
    expect(northwind).toHaveAttribute('href', '/shop/2');
    expect(northwind).toHaveTextContent('1,284 followers');
    // No units sold from the family: its favorable rate instead, nothing blank.
    expect(northwind).toHaveTextContent('98.6% positive');
    expect(northwind).not.toHaveTextContent('sold');
    expect(shops.getByRole('link', { name: /Lumen Electronics/ })).toHaveTextContent('96.2% positive');

    // The recommendations of the first category (computer): the family's category products.
    await app.user.click(chips.getByRole('button', { name: 'Outdoors' }));
    const recommended = screen.getByRole('list', { name: 'Recommended for you' });
    await waitFor(() =>
      expect(
        within(recommended)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/detail/11/2']),
    );
  });

  it('search: the found products with their price, former price and sales, and the count', async () => {
    await renderApp('/search?title=shoes');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(within(results).getAllByRole('link')).toHaveLength(1));
    const card = within(results).getByRole('link');
    expect(card).toHaveTextContent('Trail Running Shoes');
    expect(card).toHaveTextContent('$59.90');
    expect(card).toHaveTextContent('Was $79.00');
    expect(card).toHaveTextContent('35 sold');
    await findAnnouncement('1 result');
    expect(backend.received('/api/product/search').at(-1)?.query.get('title')).toBe('shoes');
  });

  it('shop search: followers and favorable rate, and no figure the family does not send', async () => {
    await renderApp('/searchs?title=north');
    const list = await screen.findByRole('list', { name: 'Shops found' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    const card = within(list).getByRole('link');
    expect(card).toHaveAttribute('href', '/shop/2');
    expect(card).toHaveTextContent('Northwind Outfitters');
    const figure = (label: string) =>
      within(card).getByText(label).closest('.shop-stats-card__figure')?.querySelector('.shop-stats-card__value')
        ?.textContent;
    expect(figure('Fans')).toBe('1,284');
    expect(figure('Favorable rate')).toBe('98.6%');
    expect(within(card).queryByText('Sales')).toBeNull();
    expect(within(card).queryByText('Total sales')).toBeNull();
    expect(card).not.toHaveTextContent('NaN');
  });

  it('product detail: the gallery, prices, stock, sales, the shop with its total sales, reviews with photos and dates', async () => {
    const app = await renderApp('/detail/11/2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Trail Running Shoes' })).toBeInTheDocument();

    const gallery = region('Pictures of Trail Running Shoes');
    const pictures = within(gallery).getAllByRole('button');
    expect(pictures.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Enlarge picture 1 of 3',
      'Enlarge picture 2 of 3',
      'Enlarge picture 3 of 3',
    ]);
    expect(pictures.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual([
      image('trail-shoes'),
      image('trail-shoes-side'),
      image('trail-shoes-sole'),
    ]);

    const summary = region('Trail Running Shoes');
    expect(summary).toHaveTextContent('$59.90');
    expect(within(summary).getByText('Was $79.00')).toBeInTheDocument();
    expect(summary).toHaveTextContent('25 in stock');
    expect(summary).toHaveTextContent('35 sold');
    expect(within(screen.getByRole('group', { name: 'Size' })).getAllByRole('radio')).toHaveLength(3);

    const shop = region('Northwind Outfitters');
    await waitFor(() => expect(shop).toHaveTextContent('1,284 followers'));
    expect(shop).toHaveTextContent('98.6% positive');
    expect(shop).toHaveTextContent('$48,210.50 in sales');
    expect(await within(shop).findByRole('button', { name: 'Follow' })).toBeInTheDocument();

    const reviews = region('Reviews (2)');
    const [mia, leo] = within(reviews)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('review'));
    expect(mia).toHaveTextContent('Great grip on wet rock.');
    // Display text is shown at its own time, in the shopper's language; <time> keeps a valid value.
    expect(within(mia!).getByText('May 1, 2024, 2:03 PM')).toHaveAttribute('datetime', '2024-05-01T14:03:22');
    expect(within(leo!).getByText('Apr 20, 2024, 9:15 AM')).toBeInTheDocument();
    // The family sends no rating with a review: no stars rather than a made-up score.
    expect(within(reviews).queryByRole('img', { name: /^Rated / })).toBeNull();
    const photos = within(mia!).getAllByRole('button', { name: /^Photo \d of 2 from Mia$/ });
    expect(photos.map((photo) => photo.querySelector('img')?.getAttribute('src'))).toEqual([
      image('review-mia-1'),
      image('review-mia-2'),
    ]);
    expect(within(leo!).queryAllByRole('button')).toHaveLength(0);
    await app.user.click(photos[1]!);
    const viewer = await screen.findByRole('dialog', { name: 'Photos from Mia' });
    expect(within(viewer).getByText('2 / 2')).toBeInTheDocument();

    const other = region('You may also like');
    expect(within(other).getByRole('link', { name: /Packable Down Jacket/ })).toHaveAttribute('href', '/detail/12/2');
  });

  it('shop page: banner, name, followers only (what the family sends), products and translated categories', async () => {
    await renderApp('/shop/2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Northwind Outfitters' })).toBeInTheDocument();
    const header = region('Northwind Outfitters');
    expect(header.querySelector('.shop-header__banner img')).toHaveAttribute('src', image('banner-northwind-1'));
    expect(
      within(header)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Followers']);
    expect(
      within(header)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['1,284']);
    expect(header).not.toHaveTextContent('sold');
    expect(within(header).getByRole('button', { name: 'Follow' })).toBeInTheDocument();

    const products = screen.getByRole('list', { name: 'Products' });
    await waitFor(() =>
      expect(
        within(products)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([expect.stringContaining('Trail Running Shoes'), expect.stringContaining('Packable Down Jacket')]),
    );
    const filter = within(screen.getByRole('group', { name: 'Categories' }));
    await waitFor(() => expect(filter.getByRole('button', { name: "Men's clothing" })).toBeInTheDocument());
    expect(filter.getByRole('button', { name: 'Garden tools' })).toBeInTheDocument();
  });
});

describe('Bag, checkout and payment against a family backend', () => {
  it('bag: its lines in one group (no shop from the family), then checkout priced from the lines and freight', async () => {
    const app = await renderApp('/bag', { token: FAMILY_TOKEN });
    const shoes = await screen.findByRole('checkbox', { name: 'Select Trail Running Shoes' });
    const line = shoes.closest('.bag-line') as HTMLElement;
    expect(line).toHaveTextContent('41');
    expect(line).toHaveTextContent('$59.90');
    expect(within(line).getByRole('textbox', { name: 'Quantity of Trail Running Shoes' })).toHaveValue('2');
    // No product id from the family: the title is text, not a link.
    expect(within(line).queryByRole('link')).toBeNull();
    expect(document.querySelectorAll('.bag-shop')).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: /^Select all items from / })).toBeNull();

    await app.user.click(screen.getByRole('checkbox', { name: 'Select all items in the cart' }));
    await waitFor(() => expect(document.querySelector('.bag-bar__total-amount')).toHaveTextContent('$208.80'));
    await app.user.click(screen.getByRole('button', { name: 'Checkout (2)' }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));

    const items = await screen.findByRole('region', { name: '3 items' });
    expect(items).toHaveTextContent('Trail Running Shoes');
    expect(items).toHaveTextContent('$59.90 × 2');
    expect(items).toHaveTextContent('$119.80');
    expect(items).toHaveTextContent('$89.00 × 1');
    const sums = document.querySelector('.checkout-summary__list') as HTMLElement;
    const sum = (label: string) => within(sums).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(sum('Items')).toBe('$208.80');
    expect(sum('Freight')).toBe('$6.00');
    expect(sum('Total')).toBe('$214.80');
    expect(within(sums).queryByText(/^Discount/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Shipping address: Ann Lee/ })).toBeInTheDocument();
    // merCreate's address names its tag (BACKEND-FAMILY.md): shown translated, as in the address list.
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('Home');
    expect(backend.received('/api/order/merCreate').at(-1)?.body).toMatchObject({ cart_id: '31,32' });
  });

  it("places the order and pays it from submitOrder's answer, as the family has no payInfo", async () => {
    const app = await renderApp('/bag', { token: FAMILY_TOKEN });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select all items in the cart' }));
    await app.user.click(screen.getByRole('button', { name: 'Checkout (2)' }));
    await app.user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
    // The SPA keeps its extras: an Idempotency-Key; and sends previewOrder's chu_id back, as the family expects.
    const submitted = backend.received('/api/order/merSubmit').at(-1)!;
    expect(submitted.body).toMatchObject({ address_id: 41, cart_ids: '31,32', chu_id: 9001 });
    expect(submitted.headers['idempotency-key']).toMatch(/.{8,}/);

    expect(await screen.findByText('$214.80', { selector: '.payment-amount__value' })).toBeInTheDocument();
    expect(screen.getByText('Payment number FT2024050100017')).toBeInTheDocument();
    // payInfo answered 404: the screen did without it, no failure was shown.
    expect(backend.received('/api/order/payInfo')).not.toHaveLength(0);
    expect(screen.queryByText(t('en', 'request.httpStatus', { status: 404 }))).toBeNull();
    expect(screen.queryByText('Not found')).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Pay $214.80' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
    await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
    for (const digit of '123456') await app.user.click(screen.getByRole('button', { name: digit }));
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe('/myPurchases/1'));
    const paid = backend.received('/api/order/merPay').at(-1)!;
    expect(paid.body).toEqual({ out_trade_no: 'FT2024050100017', total_price: '214.80' });
    expect(paid.headers['idempotency-key']).toBeTruthy();
  });

  it("a payment number opened without checkout's hand-over (a reload) leads to the unpaid orders, as the family cannot read it back", async () => {
    const app = await renderApp('/payment?out_trade_no=FT2024050100017', { token: FAMILY_TOKEN });
    expect(await screen.findByText('No payment to make')).toBeInTheDocument();
    expect(screen.getByText('Open an unpaid order from your orders to pay it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await app.user.click(screen.getByRole('link', { name: 'Unpaid orders' }));
    await waitFor(() => expect(app.pathname()).toBe('/myPurchases/0'));
    expect(await screen.findByText('Order No. SO2024050113')).toBeInTheDocument();
  });
});

describe('Passkeys against a family backend (it has none)', () => {
  it('shows no passkey anywhere in a browser that has passkeys: sign-in, the offer after a login, Security', async () => {
    const device = installPasskeyDevice();
    try {
      const login = await renderApp('/login');
      await login.user.type(await screen.findByLabelText('Account'), 'family');
      await login.user.type(screen.getByLabelText('Password'), 'family123');
      // The login screen asked for a challenge (answered 404 or 401 by the family), quietly.
      await waitFor(() => expect(backend.received('/api/user/passkey/login_options').length).toBeGreaterThan(0));
      expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      await login.user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(login.pathname()).toBe('/home'));
      // No offer after the login: getUserInfo names no passkeys, and the offer decides on it at once.
      await waitFor(() => expect(login.store.getState().session.userInfo).not.toBeNull());
      expect(screen.queryByRole('dialog', { name: 'Sign in faster next time' })).toBeNull();
      login.unmount();

      await renderApp('/security', { token: FAMILY_TOKEN });
      expect(await screen.findByRole('region', { name: 'Passwords' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Passkeys' })).toBeNull();
      expect(backend.received('/api/user/passkey/list')).toEqual([]);
      expect(device.prompts).toBe(0);
    } finally {
      device.uninstall();
    }
  });
});

describe('Orders against a family backend', () => {
  it('orders: number, status, products, items and total', async () => {
    await renderApp('/order', { token: FAMILY_TOKEN });
    const delivered = (await screen.findByText('Order No. SO2024050112')).closest('article') as HTMLElement;
    expect(delivered).toHaveTextContent('Delivered');
    expect(delivered).toHaveTextContent('Trail Running Shoes');
    expect(delivered).toHaveTextContent('2 items · Total $125.80');
    expect(delivered.querySelector('img')).toHaveAttribute('src', image('trail-shoes'));
    const unpaid = screen.getByText('Order No. SO2024050113').closest('article') as HTMLElement;
    expect(unpaid).toHaveTextContent('Waiting pay');
    expect(unpaid).toHaveTextContent('1 item · Total $95.00');
  });

  it('order detail: the waybill number and the logistics newest first with their dates, lines and total', async () => {
    await renderApp('/orderInfo/51', { token: FAMILY_TOKEN });
    const logistics = await screen.findByRole('region', { name: 'Logistics' });
    expect(within(logistics).getByText('Tracking No. YT7788990011')).toBeInTheDocument();
    const events = within(logistics).getAllByRole('listitem');
    expect(events.map((event) => event.querySelector('.order-timeline__mark')?.textContent)).toEqual([
      'Out for delivery',
      'Arrived at the San Jose hub',
      'Picked up by the courier',
    ]);
    expect(events.map((event) => event.querySelector('time')?.textContent)).toEqual([
      'May 3, 2024, 8:30 AM',
      'May 2, 2024, 7:05 PM',
      'May 1, 2024, 4:40 PM',
    ]);
    expect(events[0]!.querySelector('time')).toHaveAttribute('datetime', '2024-05-03T08:30:00');

    expect(screen.getByText('Order No. SO2024050112')).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Order status' });
    expect(status).toHaveTextContent('Delivered');
    // No order date and no freight from the family: those lines are left out.
    expect(status).not.toHaveTextContent('Placed on');
    const products = region('Products');
    expect(products).toHaveTextContent('Trail Running Shoes');
    expect(products).toHaveTextContent('41');
    expect(products).toHaveTextContent('Qty 2 × $59.90');
    expect(products).toHaveTextContent('$119.80');
    expect(within(products).queryByText('Freight')).toBeNull();
    expect(within(products).getByText('Total').nextElementSibling).toHaveTextContent('$125.80');
    const address = region('Shipping address');
    expect(address).toHaveTextContent('Ann Lee');
    expect(address).toHaveTextContent('4085550123');
    expect(address).toHaveTextContent('United States, California, San Jose, 1 Main St');
    expect(screen.getByRole('button', { name: 'Confirm received' })).toBeInTheDocument();
  });
});

describe('Wallet records against a family backend', () => {
  const rows = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('article');

  it('bill: each entry with its title, signed amount, type and date', async () => {
    await renderApp('/capitalRecord', { token: FAMILY_TOKEN });
    await waitFor(() => expect(rows('Bill entries')).toHaveLength(3));
    const [payment, topUp, withdrawal] = rows('Bill entries');
    expect(payment).toHaveTextContent('Order payment SO2024050112');
    expect(payment).toHaveTextContent('-$125.80');
    expect(payment).toHaveTextContent('Payment');
    expect(payment).toHaveTextContent('May 1, 2024, 3:10 PM');
    expect(topUp).toHaveTextContent('Top up via TRC20');
    expect(topUp).toHaveTextContent('+$100.00');
    expect(within(topUp!).getByText('May 1, 2024, 2:03 PM')).toHaveAttribute('datetime', '2024-05-01T14:03:22');
    expect(withdrawal).toHaveTextContent('-$50.00');
    expect(withdrawal).toHaveTextContent('Withdrawal');
  });

  it('top-up records: network, amount, how it was made, status, reason and both date forms', async () => {
    await renderApp('/topUpRecord', { token: FAMILY_TOKEN });
    await waitFor(() => expect(rows('Top-up records')).toHaveLength(2));
    const [passed, refused] = rows('Top-up records');
    expect(passed).toHaveTextContent('Top up · TRC20');
    expect(passed).toHaveTextContent('$100.00');
    expect(passed).toHaveTextContent('On chain');
    expect(passed).toHaveTextContent('Passed');
    // Unix seconds: an instant, shown in the shopper's time zone (the test machine's; that display text
    // keeps its own time in any zone is checked in unit/dates.test.ts, with zones given).
    expect(within(passed!).getByText(instant(1714572202))).toHaveAttribute('datetime', '2024-05-01T14:03:22.000Z');
    expect(refused).toHaveTextContent('Top up · ERC20');
    expect(refused).toHaveTextContent('Refused');
    expect(refused).toHaveTextContent('Reason: Transfer not received');
    expect(refused).toHaveTextContent('May 2, 2024, 10:00 AM');
  });

  it('withdrawal records: the title line (mark), amount, fee, arrival and date; no status the family does not send', async () => {
    await renderApp('/depositRecord', { token: FAMILY_TOKEN });
    await waitFor(() => expect(rows('Withdrawal records')).toHaveLength(1));
    const [record] = rows('Withdrawal records');
    expect(record).toHaveTextContent('Bank card withdrawal ****3445');
    expect(record).toHaveTextContent('$50.00');
    expect(record).toHaveTextContent('Service charge$1.50');
    expect(record).toHaveTextContent('Actual arrival$48.50');
    expect(record).toHaveTextContent('Apr 28, 2024, 9:00 AM');
    for (const status of ['Auditing', 'Passed', 'Refused']) expect(record).not.toHaveTextContent(status);
  });
});

describe('What the SPA sends a family backend', () => {
  const PNG = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
    (char) => char.charCodeAt(0),
  );

  it("withdraws on chain with the family's network name (USDT-TRC20), after the payment code", async () => {
    const app = await renderApp('/withDraw', { token: FAMILY_TOKEN });
    await app.user.click(await screen.findByRole('button', { name: 'On chain' }));
    await app.user.type(screen.getByLabelText('Amount (USD)'), '10');
    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    await app.user.type(screen.getByLabelText('Receiving address'), 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
    await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
    for (const digit of '123456') await app.user.click(screen.getByRole('button', { name: digit }));
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe('/depositRecord'));
    const [withdrawal] = backend.received('/api/user/extract').filter((call) => Object.keys(call.body).length > 0);
    expect(withdrawal?.body).toEqual({
      extract_type: 1,
      price: '10.00',
      network: 'USDT-TRC20',
      blockchain: 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa',
    });
    expect(backend.received('/api/user/verify_pay').at(-1)?.body).toEqual({ password_pay: '123456' });
  });

  it('asks for a refund with the chosen type and goods status also as text (typeName, statusName), as the family does', async () => {
    // The proof upload is an XMLHttpRequest, which jsdom keeps to the page's origin.
    (globalThis as unknown as { __setPageUrl: (url: string) => void }).__setPageUrl(`${backend.origin}/`);
    const app = await renderApp('/refund/51/SO2024050112/61/125.80', { token: FAMILY_TOKEN });
    await app.user.click(await screen.findByRole('radio', { name: 'Return and refund' }));
    await app.user.click(screen.getByRole('radio', { name: 'Received' }));
    await app.user.selectOptions(screen.getByLabelText('Reason'), 'Arrived damaged');
    await app.user.type(screen.getByLabelText('Explanation'), 'The sole came off.');
    await app.user.upload(screen.getByLabelText('Proof 1'), new File([PNG], 'proof.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Proof 1 preview' });
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    expect(backend.received('/api/order/refund').at(-1)?.body).toEqual({
      order_id: 51,
      sn: 'SO2024050112',
      amount: '125.80',
      service_type: 1,
      typeName: 'Return and refund',
      receiving_status: 1,
      statusName: 'Received',
      reason_type: 'damaged',
      refund_explain: 'The sole came off.',
      images: image('proof-1'),
      order_product_id: '61',
    });
  });
});

describe('The same screens in Japanese against a family backend', () => {
  const user = () => backend.fixtures.getUserInfo.data;
  beforeEach(() => {
    speakJapanese();
    // The shopper's saved language: the server's says Japanese too, so it stays.
    user().lang = { file_name: 'ri', language_name: '日本語' };
  });
  afterEach(() => {
    user().lang = { file_name: 'en', language_name: 'English' };
  });

  it('home: translated category keys (an unknown one by its name), product and shop cards', async () => {
    await renderApp('/home');
    const chips = within(await screen.findByRole('region', { name: ri['catalog.home.categories'] }));
    await waitFor(() =>
      expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
        ri['catalog.category.computer'],
        ri['catalog.category.electrical_equipment'],
        ri['catalog.category.outdoors'],
        ri['catalog.category.family_life'],
        ri['catalog.category.health'],
        ri['catalog.category.mens_clothing'],
        ri['catalog.category.womens_clothing'],
        ri['catalog.category.food'],
        ri['catalog.category.mobile_phone'],
        ri['catalog.category.toys'],
        'Garden tools',
      ]),
    );
    const hot = within(region(ri['catalog.home.hotProducts']));
    await waitFor(() => expect(hot.getAllByRole('link')).toHaveLength(4));
    const shoes = hot.getByRole('link', { name: /Trail Running Shoes/ });
    expect(shoes).toHaveTextContent(t('ja', 'catalog.product.marketPrice', { price: usd('79.00', 'ja') }));
    expect(shoes).toHaveTextContent(t('ja', 'catalog.product.sales', { count: 35 }));
    const shop = within(region(ri['catalog.home.hotShops'])).getByRole('link', { name: /Northwind Outfitters/ });
    expect(shop).toHaveTextContent(t('ja', 'catalog.shop.fans', { count: 1284 }));
  });

  it('product detail in Japanese: shop figures, review dates and photos', async () => {
    await renderApp('/detail/11/2');
    await screen.findByRole('heading', { level: 2, name: 'Trail Running Shoes' });
    const shop = region('Northwind Outfitters');
    await waitFor(() => expect(shop).toHaveTextContent(t('ja', 'catalog.shop.fans', { count: 1284 })));
    expect(shop).toHaveTextContent(t('ja', 'catalog.shop.rate', { rate: '98.6%' }));
    expect(shop).toHaveTextContent(t('ja', 'catalog.shop.turnover', { amount: usd('48210.50', 'ja') }));
    expect(screen.getByText('2024/05/01 14:03')).toHaveAttribute('datetime', '2024-05-01T14:03:22');
    expect(
      screen.getByRole('button', {
        name: t('ja', 'catalog.detail.reviewPicture', { name: 'Mia', index: 1, count: 2 }),
      }),
    ).toBeInTheDocument();
    expect(backend.received('/api/product/detail').at(-1)?.headers.lang).toBe('ri');
  });

  it('order detail and records in Japanese: tracking, dates, fee and how a top-up was made', async () => {
    const app = await renderApp('/orderInfo/51', { token: FAMILY_TOKEN });
    const logistics = await screen.findByRole('region', { name: ri['orders.detail.logistics'] });
    expect(
      within(logistics).getByText(t('ja', 'orders.detail.trackingNo', { no: 'YT7788990011' })),
    ).toBeInTheDocument();
    expect(within(logistics).getByText('2024/05/03 8:30')).toBeInTheDocument();
    app.unmount();

    const records = await renderApp('/topUpRecord', { token: FAMILY_TOKEN });
    const list = await screen.findByRole('list', { name: ri['wallet.record.topUpList'] });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    const [passed] = within(list).getAllByRole('article');
    expect(passed).toHaveTextContent(t('ja', 'wallet.record.topUpTitle', { network: 'TRC20' }));
    expect(passed).toHaveTextContent(ri['wallet.record.method.chain']);
    expect(passed).toHaveTextContent(ri['wallet.status.passed']);
    expect(passed).toHaveTextContent(instant(1714572202, 'ja'));
    records.unmount();

    await renderApp('/depositRecord', { token: FAMILY_TOKEN });
    const withdrawals = await screen.findByRole('list', { name: ri['wallet.record.withdrawList'] });
    const record = await within(withdrawals).findByRole('article');
    expect(record).toHaveTextContent(`${ri['wallet.withdraw.fee']}${usd('1.50', 'ja')}`);
    expect(record).toHaveTextContent('2024/04/28 9:00');
  });
});
