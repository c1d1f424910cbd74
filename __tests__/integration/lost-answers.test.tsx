// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

/**
 * A bad network against the real reference server: the request reaches the server and is done, but
 * its answer is lost (or the network is down). The network is a test double here (a wrapper around
 * fetch), nothing of ours is. After a lost answer the screen reads the state again before it says
 * anything, and says what is true; a retry acts no more (the intent key). Calls cut because the
 * session ended are silent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DUPLICATE_WINDOW_MS } from '../../src/api/base-query';
import { setApiOrigin } from '../../src/shared/config/env';
import { paths } from '../../src/shared/config/paths';
import { addToBag, addressesOf, bagOf, ordersOf, placeOrder, productFacts, saveAddress } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { orderAt, orderDetail, type ServerOrder } from '../support/orders';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer, SHOPPER_PASSWORD } from '../support/server';
import { balanceOf, fileRecharge, PNG_BYTES, servePageFrom } from '../support/wallet';

// Each case waits out the duplicate-submit window and animated sheets; the machine may be loaded.
jest.setTimeout(60_000);

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

// ---- the network double ------------------------------------------------------------------------

type Fault =
  /** The request reaches the server and is done; its answer never arrives. */
  | 'lose-answer'
  /** The request never leaves. */
  | 'down'
  /** The answer arrives this many milliseconds late. */
  | { delayMs: number };

interface Rule {
  method: string;
  path: string;
  fault: Fault;
  /** How many requests it applies to (then it is spent); Infinity for all. */
  times: number;
}

const realFetch = globalThis.fetch;
let rules: Rule[] = [];
/** Every request the app sent, as "METHOD /path". */
const sent: string[] = [];

function faultFor(request: Request): Fault | undefined {
  const { pathname } = new URL(request.url);
  const rule = rules.find((r) => r.method === request.method && r.path === pathname && r.times > 0);
  if (!rule) return undefined;
  rule.times -= 1;
  return rule.fault;
}

function networkError(): TypeError {
  return new TypeError('Failed to fetch');
}

beforeAll(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    const fault = faultFor(request);
    if (fault === 'down') throw networkError();
    if (fault && typeof fault === 'object') {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, fault.delayMs);
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('This operation was aborted', 'AbortError'));
        });
      });
    }
    const response = await realFetch(request);
    if (fault === 'lose-answer') {
      await response.arrayBuffer();
      throw networkError();
    }
    return response;
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const fail = (method: string, path: string, fault: Fault, times = 1) => rules.push({ method, path, fault, times });

// ---- what the shopper was told -----------------------------------------------------------------

/** Everything the live regions (toasts, alerts) said during the test, in order. */
let said: string[] = [];
let observer: MutationObserver | undefined;
function listen() {
  said = [];
  observer = new MutationObserver(() => {
    document.querySelectorAll('[data-live-region]').forEach((region) => {
      const text = region.textContent ?? '';
      if (text && said[said.length - 1] !== text) said.push(text);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** The shopper retries as a person would: after reading the message, not within the duplicate-submit window. */
const aMomentLater = () => new Promise((resolve) => setTimeout(resolve, DUPLICATE_WINDOW_MS + 100));

// ---- set-up ------------------------------------------------------------------------------------

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  rules = [];
  sent.length = 0;
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
  listen();
});
afterEach(async () => {
  observer?.disconnect();
  await closeToasts();
});

let shoppers = 0;
const freshShopper = () => registerShopper(server, `lost_${Date.now() % 100000}_${++shoppers}`);

// 18: green tea of shop 7 (12.50, no specs); its page is /detail/18/7.
const TEA_PAGE = '/detail/18/7';

describe('Add to bag with a lost answer', () => {
  it('says what the bag holds after reading it again, and a retry leaves one line of quantity 1', async () => {
    const token = await freshShopper();
    const app = await renderApp(TEA_PAGE, { token });
    const add = await screen.findByRole('button', { name: 'Add to bag' });
    fail('POST', '/api/cart/add', 'lose-answer');
    await app.user.click(add);

    await findAnnouncement('The connection dropped before the answer came. Your bag now holds 1 of this product.');
    expect(sent).toContain('GET /api/cart/index');
    expect(said).not.toContain('Added to your bag');
    expect(said).not.toContain('Backend connection abnormal');

    await aMomentLater();
    await app.user.click(screen.getByRole('button', { name: 'Add to bag' }));
    await findAnnouncement('Added to your bag');
    const lines = await bagOf(server, token);
    expect(lines.map((line) => [line.product_id, line.cart_num])).toEqual([[18, 1]]);
  });

  it('says it was not added when the request never reached the server, and the retry adds it once', async () => {
    const token = await freshShopper();
    const app = await renderApp(TEA_PAGE, { token });
    const add = await screen.findByRole('button', { name: 'Add to bag' });
    fail('POST', '/api/cart/add', 'down');
    await app.user.click(add);
    await findAnnouncement('Not added to your bag: the connection failed. Please try again.', 'alert');
    expect(await bagOf(server, token)).toEqual([]);

    await aMomentLater();
    await app.user.click(screen.getByRole('button', { name: 'Add to bag' }));
    await findAnnouncement('Added to your bag');
    expect((await bagOf(server, token)).map((line) => line.cart_num)).toEqual([1]);
  });
});

// ---- addresses ---------------------------------------------------------------------------------

type User = ReturnType<typeof userEvent.setup>;

async function type(user: User, label: string, value: string) {
  const input = await screen.findByLabelText(label);
  await user.clear(input);
  if (value) await user.paste(value);
}

async function chooseArea(user: User, name: string) {
  await user.click(await screen.findByRole('button', { name: /^Country or region/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Country or region' });
  const search = within(dialog).getByLabelText('Search a country or region');
  await waitUntilClickable(search);
  await user.click(search);
  await user.paste(name);
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) }));
  // The sheet closes with an animation: slower on a loaded machine.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Country or region' })).not.toBeInTheDocument(), {
    timeout: 10_000,
  });
}

async function fillAddress(user: User) {
  await type(user, 'Addressee', 'Somchai Jaidee');
  await chooseArea(user, 'Thailand');
  await type(user, 'Mobile number', '812345678');
  await type(user, 'State / province and city', 'Bangkok');
  await type(user, 'Detailed address', '1 Rama I Road, Pathum Wan');
  await user.click(screen.getByRole('button', { name: 'Work' }));
}

describe('Save a new address with a lost answer', () => {
  it('cannot check, says so and keeps the form; the retry saves nothing more: one address', async () => {
    const token = await freshShopper();
    const app = await renderApp('/addressForm', { token });
    await fillAddress(app.user);
    // The answer is lost, and the network stays down for the read that follows.
    fail('POST', '/api/user/address_add', 'lose-answer');
    fail('GET', '/api/user/address_list', 'down');
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    await findAnnouncement(
      'The connection failed and your addresses could not be checked. What you typed is kept: please try again.',
      'alert',
    );
    expect(said).not.toContain('Save successful');
    expect(screen.getByLabelText('Addressee')).toHaveValue('Somchai Jaidee');
    expect(await addressesOf(server, token)).toHaveLength(1);

    await aMomentLater();
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    const stored = await addressesOf(server, token);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Somchai Jaidee', detail: '1 Rama I Road, Pathum Wan' });
  });

  it('finds the address saved after all and says it was saved, once', async () => {
    const token = await freshShopper();
    const app = await renderApp('/addressForm', { token });
    await fillAddress(app.user);
    fail('POST', '/api/user/address_add', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    expect(said).not.toContain('Backend connection abnormal');
    expect(await addressesOf(server, token)).toHaveLength(1);
  });
});

// ---- payment -----------------------------------------------------------------------------------

/** A new shopper with an address, a balance of 50.00 and the payment code 123456. */
async function shopperWithMoney() {
  const token = await freshShopper();
  await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
  await fileRecharge(server, token, '50.00');
  const list = await server.call<Envelope<{ list: { id: number }[] }>>('/api/user/recharge_log', { token });
  await server.ops('recharge:pass', String(list.body.data.list[0]!.id));
  const set = await server.call<Envelope>('/api/user/resetPay', {
    token,
    json: { oldpassword: '', newpassword: '123456', is_verify: 0, password: SHOPPER_PASSWORD },
  });
  expect(set.body.code).toBe(1);
  return token;
}

async function payingShopper() {
  const token = await shopperWithMoney();
  const tea = await productFacts(server, 18);
  await addToBag(server, token, tea, 1);
  const [line] = await bagOf(server, token);
  const [address] = await addressesOf(server, token);
  await placeOrder(server, token, [line!.cart_id], address!.address_id);
  const [order] = await ordersOf(server, token, '0');
  return { token, orderId: order!.order_id };
}

async function enterCode(user: User, code: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
  await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
  for (const digit of code) await user.click(screen.getByRole('button', { name: digit }));
}

describe('Pay with a lost answer', () => {
  it('reads the order again and says it is paid, never that it was not paid; one debit', async () => {
    const { token, orderId } = await payingShopper();
    const app = await renderApp(`/payment?order_id=${orderId}`, { token });
    fail('POST', '/api/user/pay', 'lose-answer');
    await app.user.click(await screen.findByRole('button', { name: 'Pay $17.50' }));
    await enterCode(app.user, '123456');

    await findAnnouncement('Pay Success');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${orderId}`));
    expect(screen.queryByText('The order was not paid and your balance has not changed. Please try again.')).toBeNull();
    expect(said.join('\n')).not.toMatch(/Pay Fail|not paid|Backend connection abnormal/);
    expect(await balanceOf(server, token)).toBe('32.50');
    expect(await ordersOf(server, token, '1')).toHaveLength(1);
  });

  it('says it is not confirmed (not that it failed) when the order cannot be read either', async () => {
    const { token, orderId } = await payingShopper();
    const app = await renderApp(`/payment?order_id=${orderId}`, { token });
    await screen.findByRole('button', { name: 'Pay $17.50' });
    fail('POST', '/api/user/pay', 'lose-answer');
    fail('GET', '/api/order/detail', 'down', Infinity);
    await app.user.click(screen.getByRole('button', { name: 'Pay $17.50' }));
    await enterCode(app.user, '123456');

    expect(await screen.findByText('Payment not confirmed')).toBeInTheDocument();
    expect(screen.queryByText('The order was not paid and your balance has not changed. Please try again.')).toBeNull();
    // It was paid: once.
    expect(await balanceOf(server, token)).toBe('32.50');
  });
});

// ---- the end of a session ----------------------------------------------------------------------

describe('A 401 while other calls are under way', () => {
  it("says 'Please login first' once and nothing about the call the session's end cut", async () => {
    const token = await freshShopper();
    const app = await renderApp(TEA_PAGE, { token });
    const add = await screen.findByRole('button', { name: 'Add to bag' });
    // The session ends on the server (another device logged out, the token expired).
    expect((await server.call<Envelope>('/api/user/logout?lang=zh-cn', { method: 'POST', token })).body.code).toBe(1);
    // Adding to the bag is slow: it is still under way when the like is answered 401.
    fail('POST', '/api/cart/add', { delayMs: 600 });
    await app.user.click(add);
    await app.user.click(screen.getByRole('button', { name: 'Like' }));
    await findAnnouncement('Please login first', 'alert');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sent).toContain('POST /api/cart/add');
    expect(said).not.toContain('Backend connection abnormal');
    expect(said.filter((text) => text === 'Please login first')).toHaveLength(1);
    expect(said.join('\n')).not.toMatch(/bag/);
  });
});

// ---- order actions, refund, withdrawal ---------------------------------------------------------
// After a lost or late answer these screens read the order or the records again before they say
// anything: success when the change was made, 'not done' only when it surely was not.

/** Messages that would be untrue once the server made the change. */
const UNTRUE_AFTER_COMMIT = /^Not (done|submitted)|Backend connection abnormal|timed out/;

async function confirmIn(user: User, button: string) {
  const dialog = await screen.findByRole('dialog');
  const action = within(dialog).getByRole('button', { name: button });
  await waitUntilClickable(action);
  await user.click(action);
}

async function openOrder(token: string, order: ServerOrder) {
  const app = await renderApp(`/orderInfo/${order.order_id}`, { token });
  await screen.findByRole('heading', { name: 'Shipping address' });
  return app;
}

describe('Cancel an order with a lost answer', () => {
  it('reads the order again and says it was cancelled, never that it was not', async () => {
    const token = await freshShopper();
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    const order = await orderAt(server, token, 'unpaid');
    const app = await openOrder(token, order);
    fail('POST', '/api/order/cancel', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await confirmIn(app.user, 'Cancel order');

    await findAnnouncement('Order cancelled');
    expect(sent).toContain('GET /api/order/detail');
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    expect((await orderDetail(server, token, order.order_id)).status).toBe(-1);
  });

  it('says it was not done when the request never reached the server; the retry cancels it', async () => {
    const token = await freshShopper();
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    const order = await orderAt(server, token, 'unpaid');
    const app = await openOrder(token, order);
    fail('POST', '/api/order/cancel', 'down');
    await app.user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await confirmIn(app.user, 'Cancel order');

    await findAnnouncement('Not done: the connection failed and the order is unchanged. Please try again.', 'alert');
    expect(said).not.toContain('Order cancelled');
    expect((await orderDetail(server, token, order.order_id)).status).toBe(0);

    await aMomentLater();
    await closeToasts();
    await app.user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await confirmIn(app.user, 'Cancel order');
    await findAnnouncement('Order cancelled');
    expect((await orderDetail(server, token, order.order_id)).status).toBe(-1);
  });
});

describe('Delete an order with a lost answer', () => {
  it("finds the order gone and says it was deleted: no 'Order not found', no failure", async () => {
    const token = await freshShopper();
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    const order = await orderAt(server, token, 'cancelled');
    const app = await openOrder(token, order);
    fail('POST', '/api/order/delete', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Delete order' }));
    await confirmIn(app.user, 'Delete');

    await findAnnouncement('Delete Success');
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    expect(said.join('\n')).not.toMatch(/Order not found/);
    const gone = await server.call<Envelope>(`/api/order/detail?order_id=${order.order_id}`, { token });
    expect(gone.body.code).toBe(0);
  });
});

describe('Ask for a refund with a lost answer', () => {
  beforeAll(() => {
    // The proof upload is an XMLHttpRequest, which jsdom keeps to the page's origin.
    servePageFrom(server);
  });

  const png = () => new File([PNG_BYTES], 'proof.png', { type: 'image/png' });

  async function openRefund(token: string, order: ServerOrder) {
    const path = paths.refundFor(
      order.order_id,
      order.order_sn,
      order.products.map((line) => line.order_product_id),
      order.total_price,
    );
    const app = await renderApp(path, { token });
    await screen.findByRole('button', { name: 'Submit refund request' });
    await app.user.click(screen.getByRole('radio', { name: 'Return and refund' }));
    await app.user.click(screen.getByRole('radio', { name: 'Received' }));
    await app.user.selectOptions(screen.getByLabelText('Reason'), 'Arrived damaged');
    await app.user.type(screen.getByLabelText('Explanation'), 'The lid cracked.');
    await app.user.upload(screen.getByLabelText('Proof 1'), png());
    await screen.findByRole('img', { name: 'Proof 1 preview' });
    return app;
  }

  it('reads the order again and says the request was filed, never that it failed; one request', async () => {
    const token = await shopperWithMoney();
    const order = await orderAt(server, token, 'paid');
    const app = await openRefund(token, order);
    fail('POST', '/api/order/refund', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));

    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(1);
  });

  it('says it could not check when the order cannot be read either, keeps the form, and the retry files it once', async () => {
    const token = await shopperWithMoney();
    const order = await orderAt(server, token, 'paid');
    const app = await openRefund(token, order);
    fail('POST', '/api/order/refund', 'lose-answer');
    // The network stays down for every read of the order that follows.
    fail('GET', '/api/order/detail', 'down', Infinity);
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));

    await findAnnouncement(
      'The connection failed and we could not check whether your refund request arrived. Look at the order before trying again.',
      'alert',
    );
    expect(said.join('\n')).not.toMatch(/^Not submitted|Application successful/m);
    expect(screen.getByLabelText('Explanation')).toHaveValue('The lid cracked.');

    // The network is back; the shopper taps again.
    rules = [];
    await aMomentLater();
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    // The retry carried the same key: the server answered with the first request's result.
    expect(said.join('\n')).not.toMatch(/already submitted/);
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(1);
  });

  it('says it was not sent when the request never left, keeps the form, and the retry files it', async () => {
    const token = await shopperWithMoney();
    const order = await orderAt(server, token, 'paid');
    const app = await openRefund(token, order);
    fail('POST', '/api/order/refund', 'down');
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));

    await findAnnouncement(
      'Not submitted: the connection failed. What you entered is kept: please try again.',
      'alert',
    );
    expect(screen.getByLabelText('Explanation')).toHaveValue('The lid cracked.');
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(0);

    await aMomentLater();
    await app.user.click(screen.getByRole('button', { name: 'Submit refund request' }));
    await findAnnouncement('Application successful');
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(1);
  });
});

describe('Review a product with a lost answer', () => {
  it('reads the order again and says thanks, never that it failed; one review', async () => {
    const token = await shopperWithMoney();
    const order = await orderAt(server, token, 'received');
    const productId = order.products[0]!.product_id;
    const app = await renderApp(`/comment?order_id=${order.order_id}&product_id=${productId}`, { token });
    await app.user.type(await screen.findByLabelText('Your review'), 'Fresh and fragrant.');
    fail('POST', '/api/order/comment', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Submit review' }));

    await findAnnouncement('Thanks for your review');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${order.order_id}`));
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    const line = (await orderDetail(server, token, order.order_id)).products.find(
      (item) => item.product_id === productId,
    );
    expect(line?.is_reply).toBe(1);
  });
});

describe('Withdraw with a lost answer', () => {
  async function openAndFill(token: string) {
    const app = await renderApp('/withDraw', { token });
    await screen.findByText('Available balance');
    await app.user.type(screen.getByLabelText('Amount (USD)'), '20');
    await app.user.type(screen.getByLabelText('Bank card number'), '6222 0202 0011 2233 445');
    await app.user.type(screen.getByLabelText('Bank name'), 'Example Bank');
    await app.user.type(screen.getByLabelText('Real name'), 'Demo Shopper');
    return app;
  }

  const withdrawalsOf = async (token: string) =>
    (await server.call<Envelope<{ list: { extract_price: string }[] }>>('/api/user/extract_log', { token })).body.data
      .list;

  it('reads the records again and says Draw Success, never that it failed; one withdrawal', async () => {
    const token = await shopperWithMoney();
    const app = await openAndFill(token);
    fail('POST', '/api/user/extract', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode(app.user, '123456');

    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe('/depositRecord'));
    expect(sent.filter((request) => request === 'GET /api/user/extract_log').length).toBeGreaterThanOrEqual(2);
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    expect((await withdrawalsOf(token)).map((record) => record.extract_price)).toEqual(['20.00']);
    expect(await balanceOf(server, token)).toBe('30.00');
  });

  it('says it was not sent when the request never left, keeps the form, and the retry withdraws once', async () => {
    const token = await shopperWithMoney();
    const app = await openAndFill(token);
    fail('POST', '/api/user/extract', 'down');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode(app.user, '123456');

    await findAnnouncement(
      'Not submitted: the connection failed. What you entered is kept: please try again.',
      'alert',
    );
    expect(said).not.toContain('Draw Success');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('20');
    expect(await withdrawalsOf(token)).toEqual([]);

    await aMomentLater();
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode(app.user, '123456');
    await findAnnouncement('Draw Success');
    expect((await withdrawalsOf(token)).map((record) => record.extract_price)).toEqual(['20.00']);
    expect(await balanceOf(server, token)).toBe('30.00');
  });
});

describe('Top up and set a payment code with a lost answer', () => {
  beforeAll(() => {
    // The evidence upload is an XMLHttpRequest, which jsdom keeps to the page's origin.
    servePageFrom(server);
  });

  it('top up: reads the records again and says it was filed, once', async () => {
    const token = await freshShopper();
    const app = await renderApp('/walletTopUp', { token });
    await app.user.click(await screen.findByRole('button', { name: 'TRC20' }));
    await app.user.type(screen.getByLabelText('Amount sent (USD)'), '42.5');
    await app.user.upload(
      screen.getByLabelText('Payment evidence'),
      new File([PNG_BYTES], 'proof.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'Payment evidence preview' });
    fail('POST', '/api/user/recharge', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));

    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe('/topUpRecord'));
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    const records = await server.call<Envelope<{ list: { price: string; network: string }[] }>>(
      '/api/user/recharge_log',
      { token },
    );
    expect(records.body.data.list.map((record) => [record.network, record.price])).toEqual([['TRC20', '42.50']]);
  });

  it('payment code: reads the account again and says the first code was set', async () => {
    const token = await freshShopper();
    const app = await renderApp('/changePayPwd', { token });
    await type(app.user, 'New payment code', '024680');
    await type(app.user, 'Confirm new payment code', '024680');
    await type(app.user, 'Login password', SHOPPER_PASSWORD);
    fail('POST', '/api/user/resetPay', 'lose-answer');
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));

    await findAnnouncement('Setting Success');
    expect(said.join('\n')).not.toMatch(UNTRUE_AFTER_COMMIT);
    const check = await server.call<Envelope>('/api/user/verify_pay', { token, json: { password_pay: '024680' } });
    expect(check.body.code).toBe(1);
  });
});
