/** @jest-environment node */
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  cents,
  idemKey,
  ledgerSumCents,
  newShopper,
  setPayCode,
  topUp,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';
import { TEA, BLOCKS, ADDRESS } from '../../server/src/tools/testing/orders';

// Many logins, scrypt checks and top-ups per test; generous under a parallel jest run.
jest.setTimeout(60_000);

interface PreviewLine {
  cart_id: number | null;
  product_id: number;
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  image: string;
  title: string;
  spec: string;
  number: number;
  sales_price: string;
  total_price: string;
}
interface Preview {
  product: PreviewLine[];
  delivery: string;
  address: { address_id: number; is_default: number } | null;
  total_num: number;
  goods_price: string;
  discount: string;
  total_price: string;
}
interface PaymentInfo {
  out_trade_no: string;
  total_price: string;
  status: number;
  orders: { order_id: number; order_sn: string; total_price: string; status: number }[];
}
interface Bill {
  title: string;
  type: string;
  money: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A new shopper with a payment code, an address and (optionally) money. */
async function shopper(prefix: string, money = '0.00') {
  const { token, username } = await newShopper(server, prefix);
  await setPayCode(server, token);
  if (money !== '0.00') await topUp(server, token, money);
  expect((await server.call<Env>('/api/user/address_add', { token, json: ADDRESS })).body.code).toBe(1);
  const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
  return { token, username, addressId: list.body.data.list[0]!.address_id };
}

const addToBag = async (token: string, item: object, num: number) => {
  const res = await server.call<Env>('/api/cart/add', { token, json: { ...item, num } });
  expect(res.body.code).toBe(1);
};
const bagIds = async (token: string) =>
  (await server.call<Env<{ carts: { cart_id: number; product_id: number }[] }>>('/api/cart/index', { token })).body.data
    .carts;
const preview = (token: string, json: object, lang?: string) =>
  server.call<Env<Preview>>('/api/order/merCreate', { token, json, lang });
const submit = (token: string, json: object, key = idemKey()) =>
  server.call<Env<{ out_trade_no: string; total_price: string; order_ids: number[] }>>('/api/order/merSubmit', {
    token,
    json,
    headers: { 'Idempotency-Key': key },
  });
const merPay = (token: string, outTradeNo: string, key = idemKey(), lang?: string) =>
  server.call<Env>('/api/order/merPay', {
    token,
    lang,
    json: { out_trade_no: outTradeNo },
    headers: { 'Idempotency-Key': key },
  });
const payOrder = (token: string, orderId: number, key = idemKey()) =>
  server.call<Env>('/api/user/pay', { token, json: { order_id: orderId }, headers: { 'Idempotency-Key': key } });
const payInfo = (token: string, outTradeNo: string, lang?: string) =>
  server.call<Env<PaymentInfo>>(`/api/order/payInfo?out_trade_no=${encodeURIComponent(outTradeNo)}`, { token, lang });
const cancel = (token: string, orderId: number) =>
  server.call<Env>('/api/order/cancel', { token, json: { order_id: orderId } });
const ordersOf = (outTradeNo: string) =>
  server.db
    .prepare<
      [string],
      {
        id: number;
        shop_id: number;
        status: number;
        goods_cents: number;
        freight_cents: number;
        discount_cents: number;
        total_cents: number;
        paid_cents: number;
      }
    >('SELECT * FROM orders WHERE out_trade_no = ? ORDER BY id')
    .all(outTradeNo);
const product = (id: number) =>
  server.db
    .prepare<[number], { stock: number; sales: number }>('SELECT stock, sales FROM products WHERE id = ?')
    .get(id)!;
const bills = async (token: string) =>
  (await server.call<Env<{ list: Bill[] }>>('/api/user/bill?type=pay', { token })).body.data.list;

describe('previewOrder', () => {
  it('prices bag lines with server prices, per-shop freight (free from 99.00) and the default address', async () => {
    const { token, addressId } = await shopper('pv');
    await addToBag(token, TEA, 2);
    await addToBag(token, BLOCKS, 3);
    const ids = (await bagIds(token)).map((l) => l.cart_id);
    // Client-sent prices and totals are ignored (and not part of the contract).
    const res = await preview(token, { cart_id: ids.join(',') });
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d.product.map((l) => [l.product_id, l.mer_id, l.number, l.sales_price, l.total_price])).toEqual([
      [10, 8, 3, '35.99', '107.97'],
      [18, 7, 2, '12.50', '25.00'],
    ]);
    expect(d.product.every((l) => l.cart_id !== null)).toBe(true);
    // Each line names its shop: the lines of one shop become one order.
    expect(d.product.map((l) => [l.mer_id, l.mer_name])).toEqual([
      [8, 'Playful Planet'],
      [7, 'Pantry Pioneers'],
    ]);
    expect(d.product[0]!.mer_avatar).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/shop\/8\.svg$/);
    expect(d).toMatchObject({
      delivery: '5.00', // shop 7 (25.00) pays 5.00; shop 8 (107.97) ships free
      total_num: 5,
      goods_price: '132.97',
      discount: '0.00',
      total_price: '137.97',
      address: { address_id: addressId, is_default: 1 },
    });
  });

  it('ignores client-sent prices and totals', async () => {
    const { token, addressId } = await shopper('pf', '100.00');
    const forged = { price: '0.01', total_price: '0.01', delivery: '0.00', discount: '99.00', goods_price: '0.01' };
    const res = await preview(token, { ...TEA, number: 1, ...forged });
    expect(res.body.data).toMatchObject({
      goods_price: '12.50',
      delivery: '5.00',
      discount: '0.00',
      total_price: '17.50',
    });
    const placed = await submit(token, { address_id: addressId, ...TEA, number: 1, ...forged });
    expect(placed.body.data.total_price).toBe('17.50');
    await verifyPay(server, token);
    expect((await merPay(token, placed.body.data.out_trade_no)).body.code).toBe(1);
    expect(await balance(server, token)).toBe('82.50');
  });

  it('buy now: validates the spec and the stock; charges freight below the threshold', async () => {
    const { token } = await shopper('pb');
    const ok = await preview(token, { ...TEA, number: 3 });
    expect(ok.body.data).toMatchObject({
      product: [{ cart_id: null, product_id: 18, number: 3, total_price: '37.50' }],
      delivery: '5.00',
      total_price: '42.50',
    });
    expect((await preview(token, { ...TEA, spec: 'Large', number: 1 })).body.msg).toBe(
      'Please choose one value of every specification',
    );
    expect((await preview(token, { ...TEA, mer_id: 1, number: 1 })).body.msg).toBe('Product not found');
    const stock = product(18).stock;
    const over = await preview(token, { ...TEA, number: Math.min(999, stock + 1) });
    expect(over.body.msg).toBe(`Not enough stock for Japanese Sencha Green Tea, 100 Bags (only ${stock} left)`);
  });

  it('applies promo codes to the goods; refuses unknown codes and codes below their minimum', async () => {
    const { token } = await shopper('pp');
    await addToBag(token, TEA, 2);
    await addToBag(token, BLOCKS, 3);
    const cart_id = (await bagIds(token)).map((l) => l.cart_id).join(',');
    const welcome = await preview(token, { cart_id, promo_code: 'welcome10' });
    // 10 % of 132.97 = 13.297 -> 13.30 (half up)
    expect(welcome.body.data).toMatchObject({ goods_price: '132.97', discount: '13.30', total_price: '124.67' });
    const save = await preview(token, { cart_id, promo_code: 'SAVE5' });
    expect(save.body.data).toMatchObject({ discount: '5.00', total_price: '132.97' });
    expect((await preview(token, { cart_id, promo_code: 'NOPE' })).body).toEqual({
      code: 0,
      msg: 'Invalid promo code',
      data: null,
    });
    expect((await preview(token, { ...TEA, number: 2, promo_code: 'SAVE5' })).body.msg).toBe(
      'This promo code needs goods worth at least 30.00',
    );
    expect((await preview(token, { cart_id, promo_code: 'NOPE' }, 'han')).body.msg).toBe(
      '유효하지 않은 프로모션 코드입니다',
    );
  });

  it("refuses nothing to buy and other users' bag lines; address null when none, foreign address not found", async () => {
    const a = await shopper('pa');
    const { token: bare } = await newShopper(server, 'pn');
    expect((await preview(bare, {})).body).toEqual({ code: 0, msg: 'Please select item to checkout', data: null });
    await addToBag(a.token, TEA, 1);
    const [line] = await bagIds(a.token);
    expect((await preview(bare, { cart_id: String(line!.cart_id) })).body.msg).toBe('Bag item not found');
    await addToBag(bare, TEA, 1);
    const mine = await preview(bare, { cart_id: String((await bagIds(bare))[0]!.cart_id) });
    expect(mine.body.data.address).toBeNull();
    expect(
      (await preview(bare, { cart_id: String((await bagIds(bare))[0]!.cart_id), address_id: a.addressId })).body.msg,
    ).toBe('Address not found');
  });
});

describe('submitOrder', () => {
  it('creates one order per shop under one out_trade_no, reserves stock, empties the ordered bag lines', async () => {
    const { token, addressId } = await shopper('sa');
    await addToBag(token, TEA, 2);
    await addToBag(token, BLOCKS, 3);
    await addToBag(token, { mer_id: 1, product_id: 21, id: 21, spec: 'Black' }, 1); // stays in the bag
    const lines = await bagIds(token);
    const ordered = lines.filter((l) => l.product_id !== 21).map((l) => l.cart_id);
    const before = { tea: product(18), blocks: product(10) };

    const res = await submit(token, { address_id: addressId, cart_ids: ordered.join(','), promo_code: 'WELCOME10' });
    expect(res.body).toEqual({
      code: 1,
      msg: 'Create Order Success',
      data: {
        out_trade_no: expect.stringMatching(/^PT\d{14}$/),
        total_price: '124.67',
        order_ids: [expect.any(Number), expect.any(Number)],
      },
    });
    const orders = ordersOf(res.body.data.out_trade_no);
    // One id per shop order, in creation order.
    expect(res.body.data.order_ids).toEqual(orders.map((o) => o.id));
    expect(
      orders.map((o) => [o.shop_id, o.status, o.goods_cents, o.freight_cents, o.discount_cents, o.total_cents]),
    ).toEqual([
      // 13.30 split by goods: 8 gets floor(1330 x 10797 / 13297) = 1079 + the remaining cent, 7 gets 250
      [8, 0, 10797, 0, 1080, 9717],
      [7, 0, 2500, 500, 250, 2750],
    ]);
    expect(orders.reduce((s, o) => s + o.total_cents, 0)).toBe(12467);
    expect(product(18).stock).toBe(before.tea.stock - 2);
    expect(product(10).stock).toBe(before.blocks.stock - 3);
    // Sales grow at payment, not at submission.
    expect(product(18).sales).toBe(before.tea.sales);
    expect((await bagIds(token)).map((l) => l.product_id)).toEqual([21]);

    const detail = await server.call<Env<Record<string, unknown>>>(`/api/order/detail?order_id=${orders[1]!.id}`, {
      token,
    });
    expect(detail.body.data).toMatchObject({
      order_sn: expect.stringMatching(/^SO\d{14}$/),
      mer_id: 7,
      status: 0,
      total_price: '27.50',
      freight: '5.00',
      discount: '2.50',
      real_name: 'Test Shopper',
      user_phone: '+66 812345678',
      user_address: 'Thailand, Bangkok, 1 Sukhumvit Road',
      delivery: [],
      refund: null,
    });
  });

  it('honours the Idempotency-Key: a retry returns the first order and creates nothing more', async () => {
    const { token, addressId } = await shopper('si');
    const key = idemKey();
    const first = await submit(token, { address_id: addressId, ...TEA, number: 1 }, key);
    const stock = product(18).stock;
    const again = await submit(token, { address_id: addressId, ...TEA, number: 1 }, key);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(product(18).stock).toBe(stock);
    const list = await server.call<Env<{ count: number }>>('/api/user/order_list', { token });
    expect(list.body.data.count).toBe(1);
    // The same key with another body is refused.
    const other = await submit(token, { address_id: addressId, ...TEA, number: 2 }, key);
    expect(other.body.msg).toBe('This Idempotency-Key was already used for a different request');
  });

  it("refuses another user's address and more than the stock, changing nothing", async () => {
    const a = await shopper('sf');
    const b = await shopper('sf');
    expect((await submit(a.token, { address_id: b.addressId, ...TEA, number: 1 })).body.msg).toBe('Address not found');
    const before = server.db.prepare<[], { stock: number }>('SELECT stock FROM products WHERE id = 10').get()!.stock;
    server.db.prepare('UPDATE products SET stock = 2 WHERE id = 10').run();
    try {
      await addToBag(a.token, BLOCKS, 2);
      server.db.prepare('UPDATE products SET stock = 1 WHERE id = 10').run();
      const cart_ids = (await bagIds(a.token)).map((l) => l.cart_id).join(',');
      const res = await submit(a.token, { address_id: a.addressId, cart_ids });
      expect(res.body).toEqual({
        code: 0,
        msg: 'Not enough stock for Creative Building Blocks Set, 1000 Pieces (only 1 left)',
        data: null,
      });
      expect(product(10).stock).toBe(1);
      expect(await bagIds(a.token)).toHaveLength(1);
      expect(
        (await server.call<Env<{ count: number }>>('/api/user/order_list', { token: a.token })).body.data.count,
      ).toBe(0);
    } finally {
      server.db.prepare('UPDATE products SET stock = ? WHERE id = 10').run(before);
    }
  });

  it("asks for an address when none is chosen (code 0, nothing created); takes a request without an Idempotency-Key (the family's client sends none)", async () => {
    const { token, addressId } = await shopper('sr');
    for (const json of [
      { ...TEA, number: 1 },
      { ...TEA, number: 1, address_id: '' },
    ]) {
      const noAddress = await submit(token, json);
      expect([noAddress.status, noAddress.body]).toEqual([
        200,
        { code: 0, msg: 'Please choose a shipping address', data: null },
      ]);
    }
    expect((await server.call<Env<{ count: number }>>('/api/user/order_list', { token })).body.data.count).toBe(0);
    const noKey = await server.call<Env>('/api/order/merSubmit', {
      token,
      json: { address_id: addressId, ...TEA, number: 1 },
    });
    expect([noKey.status, noKey.body.code]).toEqual([200, 1]);
  });
});

describe('payNewOrder and payOrder', () => {
  async function placed(prefix: string, money: string, json: object = { ...TEA, number: 2 }) {
    const s = await shopper(prefix, money);
    const res = await submit(s.token, { address_id: s.addressId, ...json });
    expect(res.body.code).toBe(1);
    return { ...s, outTradeNo: res.body.data.out_trade_no, total: res.body.data.total_price };
  }

  it('refuses to pay without a verify_pay of the same session, and does not use it up when refused', async () => {
    const s = await placed('py', '100.00');
    expect((await merPay(s.token, s.outTradeNo)).body).toEqual({
      code: 0,
      msg: 'Please verify the payment code first',
      data: null,
    });
    // A verification of another session does not count.
    const other = await loginAs(server, s.username, 'secret12');
    await verifyPay(server, other);
    expect((await merPay(s.token, s.outTradeNo, idemKey(), 'zh-CN')).body.msg).toBe('请先验证支付密码');
    // A wrong code grants nothing.
    expect((await verifyPay(server, s.token, '654321')).code).toBe(0);
    expect((await merPay(s.token, s.outTradeNo)).body.code).toBe(0);
    expect(await balance(server, s.token)).toBe('100.00');
    expect(ordersOf(s.outTradeNo)[0]!.status).toBe(0);
  });

  it('pays from the balance once: status 1, one pay bill, sales grow; the verification is used once', async () => {
    const s = await placed('pz', '100.00');
    const sales = product(18).sales;
    await verifyPay(server, s.token);
    expect((await merPay(s.token, s.outTradeNo)).body).toEqual({ code: 1, msg: 'Pay Success', data: null });
    expect(s.total).toBe('30.00'); // 2 x 12.50 + 5.00 freight
    expect(await balance(server, s.token)).toBe('70.00');
    expect(await bills(s.token)).toEqual([
      expect.objectContaining({ title: 'Order payment', type: 'pay', money: '-30.00' }),
    ]);
    expect(await ledgerSumCents(server, s.token)).toBe(7000);
    expect(ordersOf(s.outTradeNo)[0]).toMatchObject({ status: 1, paid_cents: 3000 });
    expect(product(18).sales).toBe(sales + 2);
    // Paying again is impossible, even with a fresh verification (which stays unused).
    await verifyPay(server, s.token);
    expect((await merPay(s.token, s.outTradeNo)).body.msg).toBe('This order has already been paid');
    const orderId = ordersOf(s.outTradeNo)[0]!.id;
    expect((await payOrder(s.token, orderId)).body.msg).toBe('This order has already been paid');
    expect(await balance(server, s.token)).toBe('70.00');
    // The verification was used once: a second payment without verifying again is refused.
    const next = await submit(s.token, { address_id: s.addressId, ...TEA, number: 1 });
    const nextId = ordersOf(next.body.data.out_trade_no)[0]!.id;
    expect((await payOrder(s.token, nextId)).body.code).toBe(1); // the unused fresh verification
    expect((await payOrder(s.token, nextId)).body.msg).toBe('This order has already been paid');
    const third = await submit(s.token, { address_id: s.addressId, ...TEA, number: 1 });
    expect((await payOrder(s.token, ordersOf(third.body.data.out_trade_no)[0]!.id)).body.msg).toBe(
      'Please verify the payment code first',
    );
    // Bills localized by the lang header.
    const zh = await server.call<Env<{ list: Bill[] }>>('/api/user/bill?type=pay', { token: s.token, lang: 'zh-CN' });
    expect(zh.body.data.list.map((b) => b.title)).toEqual(['订单支付', '订单支付']);
  });

  it('insufficient balance: clear message, nothing changes, the verification stays usable', async () => {
    const s = await placed('pi', '20.00');
    await verifyPay(server, s.token);
    expect((await merPay(s.token, s.outTradeNo)).body).toEqual({ code: 0, msg: 'Insufficient balance', data: null });
    expect(await balance(server, s.token)).toBe('20.00');
    expect(ordersOf(s.outTradeNo)[0]!.status).toBe(0);
    expect(await bills(s.token)).toEqual([]);
    await topUp(server, s.token, '10.00');
    expect((await merPay(s.token, s.outTradeNo)).body.code).toBe(1);
    expect(await balance(server, s.token)).toBe('0.00');
  });

  it('merPay pays every order of a multi-shop checkout in one go, one bill per order', async () => {
    const s = await shopper('pm', '200.00');
    await addToBag(s.token, TEA, 2);
    await addToBag(s.token, BLOCKS, 1);
    const cart_ids = (await bagIds(s.token)).map((l) => l.cart_id).join(',');
    const res = await submit(s.token, { address_id: s.addressId, cart_ids });
    expect(res.body.data.total_price).toBe('70.99'); // 25.00 + 5.00 + 35.99 + 5.00
    await verifyPay(server, s.token);
    expect((await merPay(s.token, res.body.data.out_trade_no)).body.code).toBe(1);
    expect(ordersOf(res.body.data.out_trade_no).map((o) => o.status)).toEqual([1, 1]);
    expect((await bills(s.token)).map((b) => b.money).sort()).toEqual(['-30.00', '-40.99']);
    expect(await balance(server, s.token)).toBe('129.01');
  });

  it('payOrder pays one order; a cancelled one cannot be paid; another user cannot pay mine', async () => {
    const s = await placed('po', '100.00');
    const other = await shopper('po', '100.00');
    const orderId = ordersOf(s.outTradeNo)[0]!.id;
    await verifyPay(server, other.token);
    expect((await payOrder(other.token, orderId)).body.msg).toBe('Order not found');
    expect((await merPay(other.token, s.outTradeNo)).body.msg).toBe('Order not found');
    expect(await balance(server, other.token)).toBe('100.00');

    const cancel = await server.call<Env>('/api/order/cancel', { token: s.token, json: { order_id: orderId } });
    expect(cancel.body.code).toBe(1);
    await verifyPay(server, s.token);
    expect((await payOrder(s.token, orderId)).body.msg).toBe('This order cannot be paid');
    expect((await merPay(s.token, s.outTradeNo)).body.msg).toBe('This order cannot be paid');
  });

  it('Idempotency-Key on merPay: a retry returns the first result and pays nothing more', async () => {
    const s = await placed('pk', '100.00');
    await verifyPay(server, s.token);
    await verifyPay(server, s.token);
    const key = idemKey();
    const first = await merPay(s.token, s.outTradeNo, key);
    const retry = await merPay(s.token, s.outTradeNo, key);
    expect(first.body).toEqual({ code: 1, msg: 'Pay Success', data: null });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(server, s.token)).toBe('70.00');
    expect(await bills(s.token)).toHaveLength(1);
    expect(cents(await balance(server, s.token))).toBe(await ledgerSumCents(server, s.token));
  });
});

describe('getPaymentInfo', () => {
  /** A multi-shop checkout: tea (shop 7, 12.50 x 2 + 5.00) and blocks (shop 8, 35.99 + 5.00). */
  async function twoShops(prefix: string, money: string) {
    const s = await shopper(prefix, money);
    await addToBag(s.token, TEA, 2);
    await addToBag(s.token, BLOCKS, 1);
    const cart_ids = (await bagIds(s.token)).map((l) => l.cart_id).join(',');
    const res = await submit(s.token, { address_id: s.addressId, cart_ids });
    expect(res.body.data.total_price).toBe('70.99');
    return { ...s, outTradeNo: res.body.data.out_trade_no, orderIds: res.body.data.order_ids };
  }

  it("reads a new payment number back: amount, unpaid status and its orders (a reloaded payment screen's data)", async () => {
    const s = await twoShops('qa', '0.00');
    const res = await payInfo(s.token, s.outTradeNo);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 1,
      msg: 'Success',
      data: {
        out_trade_no: s.outTradeNo,
        total_price: '70.99',
        status: 0,
        orders: [
          { order_id: s.orderIds[0], order_sn: expect.stringMatching(/^SO\d{14}$/), total_price: '40.99', status: 0 },
          { order_id: s.orderIds[1], order_sn: expect.stringMatching(/^SO\d{14}$/), total_price: '30.00', status: 0 },
        ],
        // The deadline to pay (30 minutes by default; order-expiry.test.ts).
        expires_in: expect.any(Number),
        expire_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    });
    expect(s.orderIds).toEqual(ordersOf(s.outTradeNo).map((o) => o.id));
  });

  it("answers another user's, an unknown and a deleted payment number exactly like getOrderDetail: 'Order not found'", async () => {
    const s = await twoShops('qf', '0.00');
    const other = await shopper('qf');
    const notFound = { code: 0, msg: 'Order not found', data: null };
    expect((await payInfo(other.token, s.outTradeNo)).body).toEqual(notFound);
    expect((await payInfo(s.token, 'PT19990101000000')).body).toEqual(notFound);
    const detail = await server.call<Env>(`/api/order/detail?order_id=${s.orderIds[0]}`, { token: other.token });
    expect(detail.body).toEqual(notFound);
    expect((await payInfo(other.token, s.outTradeNo, 'zh-CN')).body.msg).toBe(
      (await server.call<Env>(`/api/order/detail?order_id=${s.orderIds[0]}`, { token: other.token, lang: 'zh-CN' }))
        .body.msg,
    );
    // Cancelled, then deleted by the shopper: gone from payInfo too.
    for (const id of s.orderIds) {
      expect((await cancel(s.token, id)).body.code).toBe(1);
      expect((await server.call<Env>('/api/order/delete', { token: s.token, json: { order_id: id } })).body.code).toBe(
        1,
      );
    }
    expect((await payInfo(s.token, s.outTradeNo)).body).toEqual(notFound);
  });

  it('says paid (status 1) after payNewOrder, with the orders at waiting deliver', async () => {
    const s = await twoShops('qp', '100.00');
    await verifyPay(server, s.token);
    expect((await merPay(s.token, s.outTradeNo)).body.code).toBe(1);
    const info = (await payInfo(s.token, s.outTradeNo)).body.data;
    expect(info).toMatchObject({ total_price: '70.99', status: 1 });
    expect(info.orders.map((o) => o.status)).toEqual([1, 1]);
    expect(await balance(server, s.token)).toBe('29.01');
  });

  it('a partially cancelled number stays payable for the rest, and its total is what payNewOrder debits', async () => {
    const s = await twoShops('qc', '100.00');
    expect((await cancel(s.token, s.orderIds[0]!)).body.code).toBe(1); // the blocks' order (40.99)
    const info = (await payInfo(s.token, s.outTradeNo)).body.data;
    expect(info).toMatchObject({ total_price: '30.00', status: 0 });
    expect(info.orders.map((o) => o.status)).toEqual([-1, 0]);
    await verifyPay(server, s.token);
    expect((await merPay(s.token, s.outTradeNo)).body.code).toBe(1);
    expect(await balance(server, s.token)).toBe('70.00');
    const after = (await payInfo(s.token, s.outTradeNo)).body.data;
    expect(after).toMatchObject({ total_price: '30.00', status: 1 });
    expect(after.orders.map((o) => o.status)).toEqual([-1, 1]);
  });

  it('one order paid alone (payOrder) leaves the number payable for the other; all cancelled closes it (-1)', async () => {
    const s = await twoShops('qo', '100.00');
    await verifyPay(server, s.token);
    expect((await payOrder(s.token, s.orderIds[1]!)).body.code).toBe(1); // the tea's order (30.00)
    expect((await payInfo(s.token, s.outTradeNo)).body.data).toMatchObject({ total_price: '40.99', status: 0 });
    expect((await cancel(s.token, s.orderIds[0]!)).body.code).toBe(1);
    expect((await payInfo(s.token, s.outTradeNo)).body.data).toMatchObject({ total_price: '30.00', status: 1 });

    const t = await twoShops('qx', '0.00');
    for (const id of t.orderIds) expect((await cancel(t.token, id)).body.code).toBe(1);
    const closed = (await payInfo(t.token, t.outTradeNo)).body.data;
    expect(closed).toMatchObject({ total_price: '70.99', status: -1 });
    expect(closed.orders.map((o) => o.status)).toEqual([-1, -1]);
    await verifyPay(server, t.token);
    expect((await merPay(t.token, t.outTradeNo)).body.msg).toBe('This order cannot be paid');
  });

  it('requires the token (401) and out_trade_no (400)', async () => {
    const s = await twoShops('qt', '0.00');
    const anonymous = await server.call<Env>(`/api/order/payInfo?out_trade_no=${s.outTradeNo}`);
    expect([anonymous.status, anonymous.body.code, anonymous.body.msg]).toEqual([401, 401, 'Please login first']);
    const missing = await server.call<Env>('/api/order/payInfo', { token: s.token });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/out_trade_no/);
  });

  it('a replayed submitOrder answer remembered before order_ids existed gets them from the orders', async () => {
    const s = await shopper('qr');
    const key = idemKey();
    const first = await submit(s.token, { address_id: s.addressId, ...TEA, number: 1 }, key);
    const stored = { ...first.body, data: { out_trade_no: first.body.data.out_trade_no, total_price: '17.50' } };
    server.db
      .prepare("UPDATE idempotency_keys SET response_json = ? WHERE idem_key = ? AND operation = 'submitOrder'")
      .run(JSON.stringify(stored), key);
    const again = await submit(s.token, { address_id: s.addressId, ...TEA, number: 1 }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
