import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ops } from './ops';
import { solidPng } from './png';
import { apiToken, cents, fundShopper } from './shopper';
import { registerUser, uniqueUser, type NewUser } from './users';

// The twelve mutating flows of the fault suite (e2e/faults.spec.ts), one small adapter each: what is
// set up through the API, how the shopper gets to the last tap, which request that tap sends (the one
// that meets the fault), what the shopper typed, how the screen says it worked, and how many times the
// effect happened, counted through the API with the shopper's token.

export type FlowName =
  | 'topUp'
  | 'withdraw'
  | 'payCode'
  | 'submitOrder'
  | 'payNew'
  | 'payUnpaid'
  | 'cancel'
  | 'confirm'
  | 'refund'
  | 'review'
  | 'addToBag'
  | 'address';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** The shopper's own API client: a request context apart from the page's, with their token. */
export class ShopperApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}) {
    // A new connection per call: a kept-alive one the server is closing at that moment resets (ECONNRESET).
    return { token: this.token, lang: 'en', connection: 'close', ...extra };
  }

  async get<T>(path: string, params: Record<string, string | number> = {}): Promise<Envelope<T>> {
    const answer = await this.request.get(path, { params, headers: this.headers() });
    return (await answer.json()) as Envelope<T>;
  }

  async post<T>(path: string, data: unknown, { intent = false } = {}): Promise<Envelope<T>> {
    const headers = this.headers(intent ? { 'Idempotency-Key': randomUUID() } : {});
    const answer = await this.request.post(path, { data, headers });
    return (await answer.json()) as Envelope<T>;
  }

  async ok<T>(what: string, envelope: Promise<Envelope<T>>): Promise<T> {
    const answer = await envelope;
    if (answer.code !== 1) throw new Error(`${what} failed: ${answer.msg}`);
    return answer.data;
  }
}

/** One case's shopper and what its flow set up. */
export interface FlowContext {
  page: Page;
  api: ShopperApi;
  user: NewUser;
  payCode: string;
  /** Ids the flow's set-up made (order id, payment number, amounts). */
  data: Record<string, string | number>;
}

export interface Flow {
  name: FlowName;
  title: string;
  /** The last request of the flow: the one that meets the fault. */
  op: { method: 'POST'; path: string };
  /** A payment code and a balance (START_BALANCE) are set up first. */
  funded: boolean;
  /** Set-up through the API (and the operators' CLI), before the browser opens anything. */
  prepare?(ctx: FlowContext): Promise<void>;
  /** From a fresh page of the logged-in shopper to just before the last tap, typing what is typed. */
  open(ctx: FlowContext): Promise<void>;
  /** The last tap (with the payment code where the screen asks for it): sends `op`. */
  submit(ctx: FlowContext): Promise<void>;
  /** The path of the screen the shopper acts on (where a 401 must bring them back). */
  screen(ctx: FlowContext): string;
  /** Whether the screen still offers the action (a shopper would tap it again). */
  offersRetry(ctx: FlowContext): Promise<boolean>;
  /** Asserts what the shopper typed or chose is still in the form. */
  kept?(ctx: FlowContext): Promise<void>;
  /** The announcement that says it worked. */
  success: string;
  /** For money flows: the balance in cents once the effect happened exactly once. */
  balanceAfter?(ctx: FlowContext): number;
  /** How many times the effect happened, through the API. */
  effects(ctx: FlowContext): Promise<number>;
}

export const START_BALANCE = '300.00';

/** A seeded product without specifications (server/src/tools/testing/orders.ts TEA): 12.50 + 5.00 freight. */
const TEA = {
  mer_id: 7,
  product_id: 18,
  id: 18,
  spec: '',
  path: '/detail/18/7',
  title: 'Japanese Sencha Green Tea, 100 Bags',
};

const ADDRESS = {
  name: 'Test Shopper',
  quhao: '66',
  mobile: '812345678',
  country: 'Thailand, Bangkok',
  detail: '1 Sukhumvit Road',
  tag: 'Home',
  is_default: 1,
};

/** A fresh shopper for one case, registered (and funded) through the API, with their API client. */
export async function newShopper(request: APIRequestContext, page: Page, flow: Flow): Promise<FlowContext> {
  const user = uniqueUser();
  const payCode = '135790';
  await registerUser(request, user);
  if (flow.funded) await fundShopper(request, user, { payCode, balance: START_BALANCE });
  const api = new ShopperApi(request, await apiToken(request, user));
  return { page, api, user, payCode, data: {} };
}

async function addressId(api: ShopperApi): Promise<number> {
  await api.ok('adding an address', api.post('/api/user/address_add', ADDRESS));
  const listed = await api.ok<{ list: { address_id: number }[] }>(
    'listing addresses',
    api.get('/api/user/address_list', { page: 1, limit: 20 }),
  );
  return listed.list[0]!.address_id;
}

/** One tea (TEA, no specifications) added to the shopper's bag; returns its bag line's id. */
export async function teaInBag(api: ShopperApi): Promise<number> {
  await api.ok(
    'adding to the bag',
    api.post('/api/cart/add', { mer_id: TEA.mer_id, product_id: TEA.product_id, id: TEA.id, spec: TEA.spec, num: 1 }),
  );
  const bag = await api.ok<{ carts: { cart_id: number; product_id: number }[] }>(
    'reading the bag',
    api.get('/api/cart/index'),
  );
  return bag.carts.find((line) => line.product_id === TEA.product_id)!.cart_id;
}

/** An unpaid order of one tea: its order id, payment number and total in ctx.data. */
async function unpaidOrder(ctx: FlowContext): Promise<void> {
  const { api } = ctx;
  const address = await addressId(api);
  const cart = await teaInBag(api);
  const submitted = await api.ok<{ out_trade_no: string; total_price: string; order_ids: number[] }>(
    'submitting the order',
    api.post('/api/order/merSubmit', { address_id: address, cart_ids: String(cart) }, { intent: true }),
  );
  ctx.data.orderId = submitted.order_ids[0]!;
  ctx.data.outTradeNo = submitted.out_trade_no;
  ctx.data.total = submitted.total_price;
}

async function paidOrder(ctx: FlowContext): Promise<void> {
  await unpaidOrder(ctx);
  await ctx.api.ok('checking the payment code', ctx.api.post('/api/user/verify_pay', { password_pay: ctx.payCode }));
  await ctx.api.ok(
    'paying the order',
    ctx.api.post('/api/order/merPay', { out_trade_no: ctx.data.outTradeNo }, { intent: true }),
  );
}

/** A paid order of one tea that the operator shipped and the shopper confirmed: its id in ctx.data.orderId. */
export async function receivedOrder(ctx: FlowContext): Promise<void> {
  await paidOrder(ctx);
  ops('order:ship', String(ctx.data.orderId));
  await ctx.api.ok('confirming receipt', ctx.api.post('/api/order/received', { order_id: ctx.data.orderId }));
}

interface OrderDetail {
  status: number;
  refund_status: number;
  refund?: unknown;
  products: { is_reply: number }[];
}

async function orderDetail(ctx: FlowContext): Promise<OrderDetail> {
  return ctx.api.ok<OrderDetail>(
    'reading the order',
    ctx.api.get('/api/order/detail', { order_id: ctx.data.orderId! }),
  );
}

async function countOf(ctx: FlowContext, path: string, params: Record<string, string | number> = {}): Promise<number> {
  const data = await ctx.api.ok<{ list: unknown[] }>(
    `reading ${path}`,
    ctx.api.get(path, { page: 1, limit: 50, ...params }),
  );
  return data.list.length;
}

/** Payments in the ledger (bill entries of type pay). */
async function payments(ctx: FlowContext): Promise<number> {
  const bill = await ctx.api.ok<{ list: { type: string }[] }>(
    'reading the bill',
    ctx.api.get('/api/user/bill', { page: 1, limit: 50 }),
  );
  return bill.list.filter((entry) => entry.type === 'pay').length;
}

/** The balance (getUserInfo) and the ledger's sum (every bill entry), in cents. */
export async function balanceAndLedger(ctx: FlowContext): Promise<{ balance: number; ledger: number }> {
  const info = await ctx.api.ok<{ money: string }>('reading the balance', ctx.api.get('/api/user/getUserInfo'));
  let ledger = 0;
  for (let page = 1; ; page += 1) {
    const bill = await ctx.api.ok<{ list: { money: string }[] }>(
      'reading the bill',
      ctx.api.get('/api/user/bill', { page, limit: 50 }),
    );
    ledger += bill.list.reduce((sum, entry) => sum + cents(entry.money), 0);
    if (bill.list.length < 50) break;
  }
  return { balance: cents(info.money), ledger };
}

const button = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
const textbox = (page: Page, name: string): Locator => page.getByRole('textbox', { name, exact: true });

async function visibleAndEnabled(locator: Locator): Promise<boolean> {
  const first = locator.first();
  return (await first.isVisible().catch(() => false)) && (await first.isEnabled().catch(() => false));
}

/** Taps the payment code on the sheet's keypad. */
async function enterPayCode(ctx: FlowContext): Promise<void> {
  const sheet = ctx.page.getByRole('dialog', { name: 'Enter your payment code' });
  await expect(sheet).toBeVisible();
  for (const digit of ctx.payCode) await button(ctx.page, digit).tap();
}

const TOP_UP = '150.00';
const WITHDRAWAL = { amount: '100', card: '6222 0212 3456 7890', bank: 'Example Bank' };
const NEW_PAY_CODE = '864213';
const REFUND_EXPLAIN = 'Ordered twice by mistake; please refund before it ships.';
const NEW_ADDRESS = { name: 'Alice Walker', area: 'United States', mobile: '2015550111', detail: '12 Harbor Street' };

/** Both payment flows end on /payment: the same tap, the code sheet, the message and the one debit. */
const onPaymentScreen: Pick<Flow, 'submit' | 'screen' | 'offersRetry' | 'success' | 'balanceAfter' | 'effects'> = {
  async submit(ctx) {
    await button(ctx.page, /^Pay \$/).click();
    await enterPayCode(ctx);
  },
  screen: () => '/payment',
  offersRetry: ({ page }) => visibleAndEnabled(button(page, /^Pay \$/)),
  success: 'Pay Success',
  balanceAfter: ({ data }) => cents(START_BALANCE) - cents(String(data.total)),
  effects: payments,
};

export const FLOWS: readonly Flow[] = [
  {
    name: 'topUp',
    title: 'top up',
    op: { method: 'POST', path: '/api/user/recharge' },
    funded: false,
    async open({ page }) {
      const chainsAnswer = page.waitForResponse((response) => response.url().includes('/api/user/getBlockchain'));
      await page.goto('/walletTopUp');
      const chains = ((await (await chainsAnswer).json()) as { data: { network: string }[] }).data;
      const choice = page
        .getByRole('group', { name: 'Network', exact: true })
        .getByRole('button', { name: chains[0]!.network, exact: true });
      await choice.click();
      await expect(choice).toHaveAttribute('aria-pressed', 'true');
      await textbox(page, 'Amount sent (USD)').fill(TOP_UP);
      await page.getByLabel('Payment evidence', { exact: true }).setInputFiles({
        name: 'evidence.png',
        mimeType: 'image/png',
        buffer: solidPng(16),
      });
      await expect(page.getByRole('img', { name: 'Payment evidence preview' })).toHaveAttribute(
        'src',
        /\/media\/uploads\//,
      );
    },
    submit: ({ page }) => button(page, 'Submit for review').click(),
    screen: () => '/walletTopUp',
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Submit for review')),
    async kept({ page }) {
      await expect(textbox(page, 'Amount sent (USD)')).toHaveValue(TOP_UP);
      await expect(
        page.getByRole('group', { name: 'Network', exact: true }).locator('[aria-pressed="true"]'),
      ).toHaveCount(1);
      await expect(page.getByRole('img', { name: 'Payment evidence preview' })).toBeVisible();
    },
    success: 'Application successful',
    effects: (ctx) => countOf(ctx, '/api/user/recharge_log'),
  },
  {
    name: 'withdraw',
    title: 'withdraw',
    op: { method: 'POST', path: '/api/user/extract' },
    funded: true,
    async open({ page, user }) {
      await page.goto('/withDraw');
      await expect(page.getByRole('region', { name: 'Available balance' }).getByText('$300.00')).toBeVisible();
      const bank = page
        .getByRole('group', { name: 'Withdraw to' })
        .getByRole('button', { name: 'Bank card', exact: true });
      await bank.click();
      await expect(bank).toHaveAttribute('aria-pressed', 'true');
      await textbox(page, 'Amount (USD)').fill(WITHDRAWAL.amount);
      await textbox(page, 'Bank card number').fill(WITHDRAWAL.card);
      await textbox(page, 'Bank name').fill(WITHDRAWAL.bank);
      await textbox(page, 'Real name').fill(user.nickname);
    },
    async submit(ctx) {
      await button(ctx.page, 'Withdraw').click();
      await enterPayCode(ctx);
    },
    screen: () => '/withDraw',
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Withdraw')),
    async kept({ page, user }) {
      await expect(textbox(page, 'Amount (USD)')).toHaveValue(WITHDRAWAL.amount);
      await expect(textbox(page, 'Bank card number')).toHaveValue(WITHDRAWAL.card);
      await expect(textbox(page, 'Bank name')).toHaveValue(WITHDRAWAL.bank);
      await expect(textbox(page, 'Real name')).toHaveValue(user.nickname);
    },
    success: 'Draw Success',
    balanceAfter: () => cents(START_BALANCE) - cents(WITHDRAWAL.amount),
    effects: (ctx) => countOf(ctx, '/api/user/extract_log'),
  },
  {
    name: 'payCode',
    title: 'set payment code',
    op: { method: 'POST', path: '/api/user/resetPay' },
    funded: false,
    async open({ page, user }) {
      // Opened from its menu, as a shopper does: after saving, the screen goes back there (opened by
      // its URL, 'back' would leave this page load, and the success message with it).
      await page.goto('/passwords');
      await page.getByRole('link', { name: /^Payment code/ }).click();
      await expect(page.getByRole('heading', { name: 'Set your payment code' })).toBeVisible();
      await textbox(page, 'New payment code').fill(NEW_PAY_CODE);
      await textbox(page, 'Confirm new payment code').fill(NEW_PAY_CODE);
      await page.getByLabel('Login password', { exact: true }).fill(user.password);
    },
    submit: ({ page }) => button(page, 'Set payment code').click(),
    screen: () => '/changePayPwd',
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Set payment code')),
    async kept({ page, user }) {
      await expect(textbox(page, 'New payment code')).toHaveValue(NEW_PAY_CODE);
      await expect(textbox(page, 'Confirm new payment code')).toHaveValue(NEW_PAY_CODE);
      await expect(page.getByLabel('Login password', { exact: true })).toHaveValue(user.password);
    },
    success: 'Setting Success',
    // Setting a code is one effect however often it is sent: the code the shopper chose works.
    async effects({ api }) {
      const answer = await api.post('/api/user/verify_pay', { password_pay: NEW_PAY_CODE });
      return answer.code === 1 ? 1 : 0;
    },
  },
  {
    name: 'submitOrder',
    title: 'submit an order',
    op: { method: 'POST', path: '/api/order/merSubmit' },
    funded: false,
    async prepare({ api }) {
      await addressId(api);
      await teaInBag(api);
    },
    async open({ page }) {
      await page.goto('/bag');
      const all = page.getByRole('checkbox', { name: 'Select all items in the cart', exact: true });
      await all.check();
      await button(page, 'Checkout (1)').click();
      await expect(page).toHaveURL((url) => url.pathname === '/checkout');
      await expect(button(page, 'Place order')).toBeEnabled();
    },
    submit: ({ page }) => button(page, 'Place order').click(),
    screen: () => '/checkout',
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Place order')),
    async kept({ page }) {
      // The bag's selection: the checkout still lists the tea.
      await expect(page.getByRole('region', { name: '1 item', exact: true }).getByText(TEA.title)).toBeVisible();
    },
    success: 'Create Order Success',
    effects: (ctx) => countOf(ctx, '/api/user/order_list', { status: '0' }),
  },
  {
    name: 'payNew',
    title: 'pay a new order',
    op: { method: 'POST', path: '/api/order/merPay' },
    funded: true,
    prepare: unpaidOrder,
    async open({ page, data }) {
      await page.goto(`/payment?out_trade_no=${encodeURIComponent(String(data.outTradeNo))}`);
      await expect(button(page, /^Pay \$/)).toBeEnabled();
    },
    ...onPaymentScreen,
  },
  {
    name: 'payUnpaid',
    title: 'pay an unpaid order',
    op: { method: 'POST', path: '/api/user/pay' },
    funded: true,
    prepare: unpaidOrder,
    async open({ page, data }) {
      await page.goto(`/orderInfo/${data.orderId}`);
      await button(page, 'Pay now').click();
      await expect(page).toHaveURL((url) => url.pathname === '/payment');
      await expect(button(page, /^Pay \$/)).toBeEnabled();
    },
    ...onPaymentScreen,
  },
  {
    name: 'cancel',
    title: 'cancel',
    op: { method: 'POST', path: '/api/order/cancel' },
    funded: false,
    prepare: unpaidOrder,
    async open({ page, data }) {
      await page.goto(`/orderInfo/${data.orderId}`);
      await expect(button(page, 'Cancel order')).toBeEnabled();
    },
    async submit({ page }) {
      await button(page, 'Cancel order').click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Cancel this order?' });
      await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
    },
    screen: (ctx) => `/orderInfo/${ctx.data.orderId}`,
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Cancel order')),
    success: 'Order cancelled',
    async effects(ctx) {
      return (await orderDetail(ctx)).status === -1 ? 1 : 0;
    },
  },
  {
    name: 'confirm',
    title: 'confirm receipt',
    op: { method: 'POST', path: '/api/order/received' },
    funded: true,
    async prepare(ctx) {
      await paidOrder(ctx);
      ops('order:ship', String(ctx.data.orderId));
    },
    async open({ page, data }) {
      await page.goto(`/orderInfo/${data.orderId}`);
      await expect(button(page, 'Confirm received')).toBeEnabled();
    },
    async submit({ page }) {
      await button(page, 'Confirm received').click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Have you received the goods?' });
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    },
    screen: (ctx) => `/orderInfo/${ctx.data.orderId}`,
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Confirm received')),
    success: 'Receipt confirmed',
    async effects(ctx) {
      return (await orderDetail(ctx)).status === 3 ? 1 : 0;
    },
  },
  {
    name: 'refund',
    title: 'refund',
    op: { method: 'POST', path: '/api/order/refund' },
    funded: true,
    prepare: paidOrder,
    async open({ page, data }) {
      await page.goto(`/orderInfo/${data.orderId}`);
      await button(page, 'Apply refund').click();
      await expect(page).toHaveURL((url) => url.pathname.startsWith(`/refund/${data.orderId}/`));
      data.refundPath = new URL(page.url()).pathname;
      await page
        .getByRole('group', { name: 'Refund type', exact: true })
        .getByRole('radio', { name: 'Refund only (no return)', exact: true })
        .check();
      await page
        .getByRole('group', { name: 'Product status', exact: true })
        .getByRole('radio', { name: 'Not received', exact: true })
        .check();
      await expect(textbox(page, 'Refund amount (USD)')).toHaveValue(String(data.total));
      await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'No longer needed' });
      await textbox(page, 'Explanation').fill(REFUND_EXPLAIN);
      await page.getByLabel('Proof 1', { exact: true }).setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: solidPng(16, [200, 60, 60]),
      });
      await expect(page.getByRole('img', { name: 'Proof 1 preview' })).toHaveAttribute('src', /\/media\/uploads\//);
    },
    submit: ({ page }) => button(page, 'Submit refund request').click(),
    screen: (ctx) => String(ctx.data.refundPath),
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Submit refund request')),
    async kept({ page, data }) {
      await expect(textbox(page, 'Refund amount (USD)')).toHaveValue(String(data.total));
      await expect(textbox(page, 'Explanation')).toHaveValue(REFUND_EXPLAIN);
      await expect(page.getByRole('combobox', { name: 'Reason', exact: true })).not.toHaveValue('');
      await expect(page.getByRole('img', { name: 'Proof 1 preview' })).toBeVisible();
    },
    success: 'Application successful',
    async effects(ctx) {
      const detail = await orderDetail(ctx);
      return detail.refund_status > 0 || detail.refund ? 1 : 0;
    },
  },
  {
    name: 'review',
    title: 'review',
    op: { method: 'POST', path: '/api/order/comment' },
    funded: true,
    prepare: receivedOrder,
    async open({ page, data, user }) {
      await page.goto(`/orderInfo/${data.orderId}`);
      await page.getByRole('link', { name: `Review ${TEA.title}`, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/comment');
      data.reviewUrl = new URL(page.url()).pathname;
      data.reviewText = `Fresh and fragrant, as described. (${user.username})`;
      await textbox(page, 'Your review').fill(String(data.reviewText));
    },
    submit: ({ page }) => button(page, 'Submit review').click(),
    screen: () => '/comment',
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Submit review')),
    async kept({ page, data }) {
      await expect(textbox(page, 'Your review')).toHaveValue(String(data.reviewText));
    },
    success: 'Thanks for your review',
    async effects({ api, data }) {
      const detail = await api.ok<{ reply_list?: { comment: string }[] }>(
        'reading the product',
        api.get('/api/product/detail', { product_id: TEA.product_id, mer_id: TEA.mer_id, id: TEA.id }),
      );
      return (detail.reply_list ?? []).filter((reply) => reply.comment === data.reviewText).length;
    },
  },
  {
    name: 'addToBag',
    title: 'add to bag',
    op: { method: 'POST', path: '/api/cart/add' },
    funded: false,
    async open({ page }) {
      await page.goto(TEA.path);
      await expect(page.getByRole('heading', { level: 2, name: TEA.title, exact: true })).toBeVisible();
      await expect(button(page, 'Add to bag')).toBeEnabled();
    },
    submit: ({ page }) => button(page, 'Add to bag').click(),
    screen: () => TEA.path,
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Add to bag')),
    success: 'Added to your bag',
    async effects({ api }) {
      const bag = await api.ok<{ carts: { product_id: number; cart_num: number }[] }>(
        'reading the bag',
        api.get('/api/cart/index'),
      );
      return bag.carts
        .filter((line) => line.product_id === TEA.product_id)
        .reduce((sum, line) => sum + line.cart_num, 0);
    },
  },
  {
    name: 'address',
    title: 'save a new address',
    op: { method: 'POST', path: '/api/user/address_add' },
    funded: false,
    async open({ page }) {
      await page.goto('/addressForm');
      await expect(page.getByRole('heading', { name: 'New address' })).toBeVisible();
      await textbox(page, 'Addressee').fill(NEW_ADDRESS.name);
      await page.getByRole('button', { name: /^Country or region\b/ }).click();
      const areas = page.getByRole('dialog', { name: 'Country or region' });
      await areas.getByRole('searchbox', { name: 'Search a country or region' }).fill(NEW_ADDRESS.area);
      await areas.getByRole('button', { name: NEW_ADDRESS.area, exact: true }).click();
      await expect(areas).toBeHidden();
      await textbox(page, 'Mobile number').fill(NEW_ADDRESS.mobile);
      await textbox(page, 'Detailed address').fill(NEW_ADDRESS.detail);
      await page
        .getByRole('group', { name: 'Tag', exact: true })
        .getByRole('button', { name: 'Home', exact: true })
        .click();
    },
    submit: ({ page }) => button(page, 'Save address').click(),
    screen: () => '/addressForm',
    offersRetry: ({ page }) => visibleAndEnabled(button(page, 'Save address')),
    async kept({ page }) {
      await expect(textbox(page, 'Addressee')).toHaveValue(NEW_ADDRESS.name);
      await expect(page.getByRole('button', { name: /^Country or region\b/ })).toContainText(NEW_ADDRESS.area);
      await expect(textbox(page, 'Mobile number')).toHaveValue(NEW_ADDRESS.mobile);
      await expect(textbox(page, 'Detailed address')).toHaveValue(NEW_ADDRESS.detail);
    },
    success: 'Save successful',
    effects: (ctx) => countOf(ctx, '/api/user/address_list'),
  },
];
