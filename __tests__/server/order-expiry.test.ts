/** @jest-environment node */
/**
 * Stock hoarding, as the attack: a brand-new shopper with 0.00 orders every unit of a product and
 * never pays. Unpaid orders expire (unpaidOrderTtlMinutes, 30 by default) and give their stock back,
 * checked on every request and by a periodic sweep; a shopper holds at most maxUnpaidOrders unpaid
 * payment numbers at once. The server's clock option is moved forward instead of sleeping.
 */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  idemKey,
  newShopper,
  setPayCode,
  topUp,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';
import { TEA, BLOCKS, ADDRESS } from '../../server/src/tools/testing/orders';

jest.setTimeout(60_000);

interface PaymentInfo {
  status: number;
  total_price: string;
  expires_in?: number;
  expire_time?: string;
  expired?: number;
  orders: { order_id: number; status: number }[];
}
interface OrderDetail {
  status: number;
  expires_in?: number;
  expire_time?: string;
  expired?: number;
}
interface OrderListItem {
  order_id: number;
  status: number;
  expires_in?: number;
  expired?: number;
}

/** The server's clock (Unix seconds) is the real one moved forward by `offset`. */
let offset = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock: () => Math.floor(Date.now() / 1000) + offset,
    // The sweep runs often here so a test can watch it act; 60 s by default.
    orderSweepMs: 50,
  });
});
afterAll(() => server.stop());

const later = (minutes: number) => {
  offset += minutes * 60;
};

async function shopper(prefix: string, money = '0.00') {
  const { token } = await newShopper(server, prefix);
  await setPayCode(server, token);
  if (money !== '0.00') await topUp(server, token, money);
  expect((await server.call<Env>('/api/user/address_add', { token, json: ADDRESS })).body.code).toBe(1);
  const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
  return { token, addressId: list.body.data.list[0]!.address_id };
}

/** The stock as every shopper sees it on the product page. */
const stockSeen = async (item: typeof TEA) =>
  (
    await server.call<Env<{ goods: { stock: number } }>>(
      `/api/product/detail?mer_id=${item.mer_id}&product_id=${item.product_id}`,
    )
  ).body.data.goods.stock;
/** The stock in the database, read without any request to the server. */
const storedStock = (productId: number) =>
  server.db.prepare<[number], { stock: number }>('SELECT stock FROM products WHERE id = ?').get(productId)!.stock;

const submit = (token: string, json: object, key: string = idemKey(), lang?: string) =>
  server.call<Env<{ out_trade_no: string; total_price: string; order_ids: number[] } | null>>('/api/order/merSubmit', {
    token,
    json,
    lang,
    headers: { 'Idempotency-Key': key },
  });
const payInfo = (token: string, outTradeNo: string) =>
  server.call<Env<PaymentInfo>>(`/api/order/payInfo?out_trade_no=${encodeURIComponent(outTradeNo)}`, { token });
const detail = (token: string, orderId: number) =>
  server.call<Env<OrderDetail>>(`/api/order/detail?order_id=${orderId}`, { token });
const list = (token: string, status = '') =>
  server.call<Env<{ count: number; list: OrderListItem[] }>>(`/api/user/order_list?status=${status}`, { token });

describe('unpaid order expiry', () => {
  it('a 0.00 shopper hoarding every unit gets the stock back to everyone once the order expires', async () => {
    const hoarder = await shopper('hoard');
    const rival = await shopper('rival', '5000.00');
    const units = await stockSeen(TEA);
    expect(units).toBeGreaterThan(0);

    const hoard = await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: units });
    expect(hoard.body.code).toBe(1);
    const outTradeNo = hoard.body.data!.out_trade_no;
    const [orderId] = hoard.body.data!.order_ids;
    expect(await stockSeen(TEA)).toBe(0);
    const blocked = await submit(rival.token, { address_id: rival.addressId, ...TEA, number: 1 });
    expect(blocked.body.code).toBe(0);

    // While unpaid the answers carry the time left to pay: 30 minutes by default.
    const open = await payInfo(hoarder.token, outTradeNo);
    expect(open.body.data.status).toBe(0);
    expect(open.body.data.expires_in).toBeGreaterThan(29 * 60);
    expect(open.body.data.expires_in).toBeLessThanOrEqual(30 * 60);
    expect(open.body.data.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const openDetail = await detail(hoarder.token, orderId!);
    expect(openDetail.body.data.expires_in).toBeGreaterThan(29 * 60);
    const openItem = (await list(hoarder.token, '0')).body.data.list.find((o) => o.order_id === orderId);
    expect(openItem?.expires_in).toBeGreaterThan(29 * 60);

    later(29);
    expect(await stockSeen(TEA)).toBe(0);
    later(2);

    // Past the deadline: the stock is back for everyone and the order reads as cancelled.
    expect(await stockSeen(TEA)).toBe(units);
    const closed = await payInfo(hoarder.token, outTradeNo);
    expect(closed.body.data).toMatchObject({ status: -1, expired: 1 });
    expect(closed.body.data.expires_in).toBeUndefined();
    const closedDetail = await detail(hoarder.token, orderId!);
    expect(closedDetail.body.data).toMatchObject({ status: -1, expired: 1 });
    expect((await list(hoarder.token, '0')).body.data.list.map((o) => o.order_id)).not.toContain(orderId);
    const cancelledItem = (await list(hoarder.token, '-1')).body.data.list.find((o) => o.order_id === orderId);
    expect(cancelledItem).toMatchObject({ status: -1, expired: 1 });

    const bought = await submit(rival.token, { address_id: rival.addressId, ...TEA, number: 1 });
    expect(bought.body.code).toBe(1);
    // The stock came back once: the hoarder's reads and the sweep after it return nothing more.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(storedStock(TEA.product_id)).toBe(units - 1);
  });

  it('the sweep gives the stock back without any request', async () => {
    const hoarder = await shopper('sweep');
    const before = storedStock(BLOCKS.product_id);
    const hoard = await submit(hoarder.token, { address_id: hoarder.addressId, ...BLOCKS, number: before });
    expect(hoard.body.code).toBe(1);
    expect(storedStock(BLOCKS.product_id)).toBe(0);

    later(31);
    // No request is made: only the periodic sweep can return the units.
    const deadline = Date.now() + 5000;
    while (storedStock(BLOCKS.product_id) !== before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(storedStock(BLOCKS.product_id)).toBe(before);
    const order = server.db
      .prepare<[string], { status: number }>('SELECT status FROM orders WHERE out_trade_no = ?')
      .get(hoard.body.data!.out_trade_no);
    expect(order?.status).toBe(-1);
  });

  it('refuses to pay an expired order, translated, and charges nothing', async () => {
    const buyer = await shopper('late', '100.00');
    const placed = await submit(buyer.token, { address_id: buyer.addressId, ...TEA, number: 1 });
    expect(placed.body.code).toBe(1);
    const { out_trade_no: outTradeNo, order_ids: orderIds } = placed.body.data!;
    const stock = storedStock(TEA.product_id);
    later(31);

    expect((await verifyPay(server, buyer.token)).code).toBe(1);
    const merPay = await server.call<Env>('/api/order/merPay', {
      token: buyer.token,
      json: { out_trade_no: outTradeNo },
      headers: { 'Idempotency-Key': idemKey() },
    });
    expect(merPay.body).toMatchObject({ code: 0, msg: 'This order has expired and was cancelled' });
    const pay = await server.call<Env>('/api/user/pay', {
      token: buyer.token,
      lang: 'zh-CN',
      json: { order_id: orderIds[0] },
      headers: { 'Idempotency-Key': idemKey() },
    });
    expect(pay.body.code).toBe(0);
    expect(pay.body.msg).toBe('该订单已超时未付款，已自动取消');
    expect(await balance(server, buyer.token)).toBe('100.00');
    expect(storedStock(TEA.product_id)).toBe(stock + 1);
    // Cancelling it is refused too: it is already closed.
    const cancel = await server.call<Env>('/api/order/cancel', { token: buyer.token, json: { order_id: orderIds[0] } });
    expect(cancel.body.code).toBe(0);
  });

  it('a payment made in time stays paid; replaying it after the deadline changes nothing', async () => {
    const buyer = await shopper('ontime', '100.00');
    const placed = await submit(buyer.token, { address_id: buyer.addressId, ...TEA, number: 1 });
    const outTradeNo = placed.body.data!.out_trade_no;
    expect((await verifyPay(server, buyer.token)).code).toBe(1);
    const key = idemKey();
    const pay = () =>
      server.call<Env>('/api/order/merPay', {
        token: buyer.token,
        json: { out_trade_no: outTradeNo },
        headers: { 'Idempotency-Key': key },
      });
    expect((await pay()).body.code).toBe(1);
    const paid = await balance(server, buyer.token);
    later(31);
    const replay = await pay();
    expect(replay.body.code).toBe(1);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(server, buyer.token)).toBe(paid);
    expect((await payInfo(buyer.token, outTradeNo)).body.data).toMatchObject({ status: 1 });
    expect((await payInfo(buyer.token, outTradeNo)).body.data.expired).toBeUndefined();
  });

  it('a user cancellation is not reported as an expiry', async () => {
    const buyer = await shopper('cancel');
    const placed = await submit(buyer.token, { address_id: buyer.addressId, ...TEA, number: 1 });
    const [orderId] = placed.body.data!.order_ids;
    expect(
      (await server.call<Env>('/api/order/cancel', { token: buyer.token, json: { order_id: orderId } })).body.code,
    ).toBe(1);
    later(31);
    const read = await detail(buyer.token, orderId!);
    expect(read.body.data.status).toBe(-1);
    expect(read.body.data.expired).toBeUndefined();
  });
});

describe('unpaid order cap', () => {
  it('refuses the next checkout of a shopper holding 5 unpaid payment numbers, translated', async () => {
    const hoarder = await shopper('cap');
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      keys.push(idemKey());
      const placed = await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: 1 }, keys[i]);
      expect(placed.body.code).toBe(1);
    }
    const stock = storedStock(TEA.product_id);
    const sixth = await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: 1 });
    expect(sixth.body).toEqual({
      code: 0,
      msg: 'You have 5 unpaid orders. Please pay or cancel one before placing another',
      data: null,
    });
    expect(storedStock(TEA.product_id)).toBe(stock);
    const ja = await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: 1 }, idemKey(), 'ri');
    expect(ja.body.code).toBe(0);
    expect(ja.body.msg).not.toMatch(/unpaid orders/);

    // A replay of an earlier checkout still answers what it answered, and acts no more.
    const replay = await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: 1 }, keys[0]);
    expect(replay.body.code).toBe(1);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    // Cancelling one frees a place.
    const first = (await list(hoarder.token, '0')).body.data.list[0]!;
    expect(
      (await server.call<Env>('/api/order/cancel', { token: hoarder.token, json: { order_id: first.order_id } })).body
        .code,
    ).toBe(1);
    expect((await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: 1 })).body.code).toBe(1);
    // Expired orders free their places too.
    later(31);
    expect((await submit(hoarder.token, { address_id: hoarder.addressId, ...TEA, number: 1 })).body.code).toBe(1);
  });

  it('counts payment numbers, not orders: one checkout over two shops is one', async () => {
    const buyer = await shopper('twoshop');
    for (let i = 0; i < 5; i += 1) {
      const placed = await submit(buyer.token, {
        address_id: buyer.addressId,
        product_id: `${TEA.product_id},${BLOCKS.product_id}`,
        mer_id: `${TEA.mer_id},${BLOCKS.mer_id}`,
        number: '1,1',
      });
      expect(placed.body.code).toBe(1);
      expect(placed.body.data!.order_ids).toHaveLength(2);
    }
    expect((await submit(buyer.token, { address_id: buyer.addressId, ...TEA, number: 1 })).body.code).toBe(0);
  });
});
