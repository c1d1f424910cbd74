/** @jest-environment node */
import { passRefund, refuseRefund, shipOrder } from '../../server/src/tools/ops/order';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  idemKey,
  newShopper,
  setPayCode,
  topUp,
  uploadImage,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';
import { TEA, ADDRESS } from '../../server/src/tools/testing/orders';

jest.setTimeout(90_000);

interface OrderItem {
  order_id: number;
  order_sn: string;
  status: number;
  refund_status: number;
  total_num: number;
  total_price: string;
  product: { image: string; title: string }[];
}
interface OrderDetail {
  order_id: number;
  order_sn: string;
  status: number;
  refund_status: number;
  total_price: string;
  delivery_id: string;
  delivery: { delivery_no: string; mark: string; updatetime: string }[];
  products: { order_product_id: number; product_id: number; is_reply: number; total_price: string }[];
  refund: { amount: string; status: number; admin_msg: string; createtime: string } | null;
}
interface UserInfo {
  order_unpaid: number;
  order_undelivered: number;
  order_unreceived: number;
  order_after_sale: number;
}

// 18 green tea (shop 7, 12.50, no specs); shop 1 sells 21 (mouse, Color) and 2 (air fryer, Color x Plug).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Shopper {
  token: string;
  username: string;
  addressId: number;
}

async function shopper(prefix: string, money = '500.00'): Promise<Shopper> {
  const { token, username } = await newShopper(server, prefix);
  await setPayCode(server, token);
  if (money !== '0.00') await topUp(server, token, money);
  await server.call<Env>('/api/user/address_add', { token, json: ADDRESS });
  const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
  return { token, username, addressId: list.body.data.list[0]!.address_id };
}

/** Buys now (one order, status 0); returns its id. */
async function placed(s: Shopper, item: object = { ...TEA, number: 2 }): Promise<number> {
  const res = await server.call<Env<{ out_trade_no: string }>>('/api/order/merSubmit', {
    token: s.token,
    json: { address_id: s.addressId, ...item },
    headers: { 'Idempotency-Key': idemKey() },
  });
  expect(res.body.code).toBe(1);
  return server.db
    .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
    .get(res.body.data.out_trade_no)!.id;
}

async function paid(s: Shopper, item?: object): Promise<number> {
  const id = await placed(s, item);
  await verifyPay(server, s.token);
  const res = await server.call<Env>('/api/user/pay', {
    token: s.token,
    json: { order_id: id },
    headers: { 'Idempotency-Key': idemKey() },
  });
  expect(res.body.code).toBe(1);
  return id;
}

async function shipped(s: Shopper, item?: object): Promise<number> {
  const id = await paid(s, item);
  shipOrder(server.db, id);
  return id;
}

const post = (path: string, token: string, json: object, lang?: string) =>
  server.call<Env>(path, { token, json, lang });

async function received(s: Shopper, item?: object): Promise<number> {
  const id = await shipped(s, item);
  expect((await post('/api/order/received', s.token, { order_id: id })).body.code).toBe(1);
  return id;
}

const detail = async (token: string, id: number, lang?: string) =>
  (await server.call<Env<OrderDetail>>(`/api/order/detail?order_id=${id}`, { token, lang })).body;
const statusOf = (id: number) =>
  server.db
    .prepare<[number], { status: number; refund_status: number }>(
      'SELECT status, refund_status FROM orders WHERE id = ?',
    )
    .get(id)!;
const list = async (token: string, query = '') =>
  (await server.call<Env<{ count: number; list: OrderItem[] }>>(`/api/user/order_list${query}`, { token })).body.data;
const stockOf = (id: number) =>
  server.db.prepare<[number], { stock: number }>('SELECT stock FROM products WHERE id = ?').get(id)!.stock;

async function proof(token: string): Promise<string> {
  return (await uploadImage(server, token)).body.data!.fullurl;
}

async function refundBody(s: Shopper, id: number, overrides: object = {}) {
  const d = await detail(s.token, id);
  return {
    order_id: id,
    sn: d.data.order_sn,
    amount: d.data.total_price,
    service_type: 0,
    receiving_status: 0,
    reason_type: 'quality',
    refund_explain: 'The box was damaged.',
    images: await proof(s.token),
    order_product_id: d.data.products.map((p) => p.order_product_id).join(','),
    ...overrides,
  };
}
const applyRefund = async (s: Shopper, id: number, overrides: object = {}, lang?: string) =>
  post('/api/order/refund', s.token, await refundBody(s, id, overrides), lang);

const review = (s: Shopper, id: number, productId: number, overrides: object = {}, lang?: string) =>
  post(
    '/api/order/comment',
    s.token,
    {
      order_id: id,
      product_id: productId,
      product_score: 5,
      service_score: 4.5,
      postage_score: 4,
      comment: 'Lovely tea, fast delivery.',
      pics: '',
      ...overrides,
    },
    lang,
  );

describe('listOrders and getUserInfo counters', () => {
  it('filters by status (all, 0..4, -1, -4), newest first, pages, and counts for getUserInfo', async () => {
    const s = await shopper('ol');
    const unpaid = await placed(s);
    const waiting = await paid(s);
    const delivered = await shipped(s);
    const got = await received(s);
    const completed = await received(s);
    expect((await review(s, completed, 18)).body.code).toBe(1);
    const cancelled = await placed(s);
    expect((await post('/api/order/cancel', s.token, { order_id: cancelled })).body.code).toBe(1);
    const refunding = await paid(s);
    expect((await applyRefund(s, refunding)).body.code).toBe(1);

    const ids = async (status: string) =>
      (await list(s.token, `?status=${status}&limit=50`)).list.map((o) => o.order_id);
    expect(await ids('all')).toEqual([refunding, cancelled, completed, got, delivered, waiting, unpaid]);
    expect((await list(s.token)).count).toBe(7);
    expect(await ids('0')).toEqual([unpaid]);
    expect(await ids('1')).toEqual([refunding, waiting]);
    expect(await ids('2')).toEqual([delivered]);
    expect(await ids('3')).toEqual([got]);
    expect(await ids('4')).toEqual([completed]);
    expect(await ids('-1')).toEqual([cancelled]);
    expect(await ids('-4')).toEqual([refunding]);

    const page2 = await list(s.token, '?page=2&limit=3');
    expect(page2.count).toBe(7);
    expect(page2.list.map((o) => o.order_id)).toEqual([got, delivered, waiting]);
    const item = (await list(s.token, '?status=-4')).list[0]!;
    expect(item).toEqual({
      order_id: refunding,
      order_sn: expect.stringMatching(/^SO\d{14}$/),
      status: 1,
      refund_status: 1,
      total_num: 2,
      total_price: '30.00',
      product: [
        { image: expect.stringMatching(/\/media\/product\/18\.svg$/), title: expect.stringContaining('Sencha') },
      ],
    });

    const info = await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token: s.token });
    expect(info.body.data).toMatchObject({
      order_unpaid: 1,
      order_undelivered: 2,
      order_unreceived: 1,
      order_after_sale: 1,
    });

    // Another user sees none of them.
    const other = await shopper('ol', '0.00');
    expect(await list(other.token)).toEqual({ count: 0, list: [] });
    const bad = await server.call<Env>('/api/user/order_list?status=7', { token: s.token });
    expect(bad.status).toBe(400);
    expect((await server.call<Env>('/api/user/order_list')).status).toBe(401);
  });
});

describe('getOrderDetail', () => {
  it("answers another user's, an unknown and a deleted order alike: 'Order not found'", async () => {
    const a = await shopper('od');
    const b = await shopper('od', '0.00');
    const id = await placed(a);
    const before = await detail(a.token, id);
    expect(before.code).toBe(1);
    // not shipped yet: no tracking number
    expect([before.data.delivery_id, before.data.delivery]).toEqual(['', []]);
    const notFound = { code: 0, msg: 'Order not found', data: null };
    expect(await detail(b.token, id)).toEqual(notFound);
    expect(await detail(a.token, 99999999)).toEqual(notFound);
    expect((await detail(b.token, id, 'ri')).msg).toBe('注文が見つかりません');
    // Nothing of a can be changed by b.
    for (const path of ['/api/order/cancel', '/api/order/received', '/api/order/delete']) {
      expect((await post(path, b.token, { order_id: id })).body).toEqual(notFound);
    }
    expect(statusOf(id).status).toBe(0);
  });

  it('shows the logistics entries after shipping, newest first, localized', async () => {
    const s = await shopper('og');
    const id = await shipped(s);
    const d = (await detail(s.token, id)).data;
    expect(d.status).toBe(2);
    expect(d.delivery.map((x) => x.mark)).toEqual(['Parcel handed to the carrier', 'Order packed by the shop']);
    expect(d.delivery[0]!.delivery_no).toMatch(/^OM\d{14}$/);
    expect(d.delivery[0]!.updatetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // delivery_id: the shipment's tracking number
    expect(d.delivery_id).toBe(d.delivery[0]!.delivery_no);
    expect((await detail(s.token, id, 'zh-CN')).data.delivery.map((x) => x.mark)).toEqual([
      '包裹已交给快递',
      '商家已打包',
    ]);
  });
});

describe('status transitions', () => {
  it('cancel: only at 0; the reserved stock returns', async () => {
    const s = await shopper('tc');
    const stock = stockOf(18);
    const id = await placed(s, { ...TEA, number: 3 });
    expect(stockOf(18)).toBe(stock - 3);
    expect((await post('/api/order/cancel', s.token, { order_id: id })).body).toEqual({
      code: 1,
      msg: 'Order cancelled',
      data: null,
    });
    expect(stockOf(18)).toBe(stock);
    expect(statusOf(id).status).toBe(-1);
    const refused = { code: 0, msg: 'This order cannot be cancelled', data: null };
    expect((await post('/api/order/cancel', s.token, { order_id: id })).body).toEqual(refused);
    for (const make of [paid, shipped, received]) {
      const other = await make(s);
      expect((await post('/api/order/cancel', s.token, { order_id: other })).body).toEqual(refused);
    }
  });

  it('received: only at 2 and not while a refund is in progress', async () => {
    const s = await shopper('tr');
    const refused = { code: 0, msg: 'This order cannot be confirmed', data: null };
    expect((await post('/api/order/received', s.token, { order_id: await placed(s) })).body).toEqual(refused);
    expect((await post('/api/order/received', s.token, { order_id: await paid(s) })).body).toEqual(refused);
    const id = await shipped(s);
    expect((await post('/api/order/received', s.token, { order_id: id })).body).toEqual({
      code: 1,
      msg: 'Receipt confirmed',
      data: null,
    });
    expect(statusOf(id).status).toBe(3);
    expect((await post('/api/order/received', s.token, { order_id: id })).body).toEqual(refused);
    const refunding = await shipped(s);
    expect((await applyRefund(s, refunding, { amount: '1.00' })).body.code).toBe(1);
    expect((await post('/api/order/received', s.token, { order_id: refunding })).body).toEqual(refused);
    refuseRefund(server.db, refunding, 'Please keep the parcel');
    expect((await post('/api/order/received', s.token, { order_id: refunding })).body.code).toBe(1);
  });

  it('delete: only cancelled or completed orders without a refund in progress; then gone for the user', async () => {
    const s = await shopper('tx');
    const refused = { code: 0, msg: 'This order cannot be deleted', data: null };
    for (const make of [placed, paid, shipped, received]) {
      const id = await make(s);
      expect((await post('/api/order/delete', s.token, { order_id: id })).body).toEqual(refused);
    }
    const cancelled = await placed(s);
    await post('/api/order/cancel', s.token, { order_id: cancelled });
    expect((await post('/api/order/delete', s.token, { order_id: cancelled })).body).toEqual({
      code: 1,
      msg: 'Delete Success',
      data: null,
    });
    expect((await detail(s.token, cancelled)).msg).toBe('Order not found');
    expect((await list(s.token, '?status=-1')).count).toBe(0);
    expect((await post('/api/order/delete', s.token, { order_id: cancelled })).body.msg).toBe('Order not found');

    const completed = await received(s);
    expect((await applyRefund(s, completed, { amount: '5.00' })).body.code).toBe(1);
    await review(s, completed, 18);
    expect(statusOf(completed)).toEqual({ status: 4, refund_status: 1 });
    expect((await post('/api/order/delete', s.token, { order_id: completed })).body).toEqual(refused);
    passRefund(server.db, completed);
    expect((await post('/api/order/delete', s.token, { order_id: completed })).body.code).toBe(1);
    const before = (await list(s.token)).count;
    const info = await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token: s.token });
    expect(info.body.data.order_after_sale).toBe(0); // the deleted refunded order no longer counts
    expect(before).toBe(4);
  });
});

describe('applyRefund', () => {
  it('at status 1-4 with refund_status 0; one open refund; at most what was paid; images required', async () => {
    const s = await shopper('rf');
    expect((await applyRefund(s, await placed(s))).body).toEqual({
      code: 0,
      msg: 'This order cannot be refunded',
      data: null,
    });
    const id = await paid(s); // 30.00 paid
    expect((await applyRefund(s, id, { amount: '30.01' })).body).toEqual({
      code: 0,
      msg: 'The refund cannot be more than the 30.00 paid',
      data: null,
    });
    // What the shopper typed or left out: HTTP 200, code 0, the form's message.
    const zero = await applyRefund(s, id, { amount: '0' });
    expect([zero.status, zero.body.msg]).toEqual([200, 'Refund amount must be greater than 0']);
    const negative = await applyRefund(s, id, { amount: '-1.00' });
    expect([negative.status, negative.body.msg]).toEqual([200, 'Please fill correct amount']);
    const noImages = await applyRefund(s, id, { images: '' });
    expect([noImages.status, noImages.body.msg]).toEqual([200, 'Please upload proof images']);
    const noReason = await applyRefund(s, id, { reason_type: '' }, 'zh-CN');
    expect([noReason.status, noReason.body.msg]).toEqual([200, '请选择退款原因']);
    const noExplain = await applyRefund(s, id, { refund_explain: '   ' });
    expect([noExplain.status, noExplain.body.msg]).toEqual([200, 'Please describe the reason for the refund']);
    const longExplain = await applyRefund(s, id, { refund_explain: 'x'.repeat(501) });
    expect([longExplain.status, longExplain.body.msg]).toEqual([200, 'Please enter at most 500 characters']);
    expect((await applyRefund(s, id, { images: 'https://evil.example.com/x.png' })).body.msg).toBe(
      'Please upload proof images',
    );
    const other = await shopper('rf', '0.00');
    expect((await applyRefund(s, id, { images: await proof(other.token) })).body.msg).toBe(
      'Please upload proof images',
    );
    expect((await applyRefund(s, id, { order_product_id: '999999' })).body.msg).toBe(
      'Please choose products of this order',
    );
    expect((await applyRefund(s, id, { sn: 'SO000' })).body.msg).toBe('Order not found');
    expect((await post('/api/order/refund', other.token, await refundBody(s, id))).body.msg).toBe('Order not found');

    expect((await applyRefund(s, id, { amount: '30.00' })).body).toEqual({
      code: 1,
      msg: 'Application successful',
      data: null,
    });
    expect(statusOf(id)).toEqual({ status: 1, refund_status: 1 });
    expect((await detail(s.token, id)).data.refund).toEqual({
      amount: '30.00',
      status: 0,
      admin_msg: '',
      createtime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect((await applyRefund(s, id, { amount: '1.00' })).body).toEqual({
      code: 0,
      msg: 'You have already submitted a refund request',
      data: null,
    });
    expect((await applyRefund(s, id, { amount: '1.00' }, 'zh-CN')).body.msg).toBe('您已提交过退款申请');

    // Refused: may apply again; the reason shows in the detail.
    refuseRefund(server.db, id, 'Photos do not show the damage');
    const d = await detail(s.token, id);
    expect(d.data.refund_status).toBe(0);
    expect(d.data.refund).toMatchObject({ status: 2, admin_msg: 'Photos do not show the damage' });
    expect((await applyRefund(s, id, { amount: '10.00' })).body.code).toBe(1);
    expect((await detail(s.token, id)).data.refund).toMatchObject({ amount: '10.00', status: 0, admin_msg: '' });

    // Passed: no other refund.
    passRefund(server.db, id);
    expect((await applyRefund(s, id, { amount: '1.00' })).body.msg).toBe('You have already submitted a refund request');
  });

  it('a full refund of an unshipped order closes it and returns the stock; the money comes back', async () => {
    const s = await shopper('rs', '100.00');
    const stock = stockOf(18);
    const id = await paid(s, { ...TEA, number: 2 });
    expect(await balance(server, s.token)).toBe('70.00');
    expect((await applyRefund(s, id)).body.code).toBe(1);
    passRefund(server.db, id);
    expect(statusOf(id)).toEqual({ status: -1, refund_status: 2 });
    expect(stockOf(18)).toBe(stock);
    expect(await balance(server, s.token)).toBe('100.00');
    const refunds = await server.call<Env<{ list: { title: string; money: string; type: string }[] }>>(
      '/api/user/bill?type=refund',
      { token: s.token, lang: 'tai' },
    );
    expect(refunds.body.data.list).toEqual([
      expect.objectContaining({ title: 'คืนเงิน', money: '30.00', type: 'refund' }),
    ]);
    expect((await list(s.token, '?status=-4')).list.map((o) => o.order_id)).toEqual([id]);
    expect((await post('/api/order/delete', s.token, { order_id: id })).body.code).toBe(1);
  });
});

describe('reviewOrderProduct', () => {
  it('at 3 or 4 only, once per product; the last review completes the order; reply_list shows it', async () => {
    const s = await shopper('rv');
    const notYet = await shipped(s);
    expect((await review(s, notYet, 18)).body).toEqual({ code: 0, msg: 'This order cannot be reviewed', data: null });

    // One order of shop 1 with three lines: product 21 in two specs and product 2.
    await server.call<Env>('/api/cart/add', {
      token: s.token,
      json: { mer_id: 1, product_id: 21, id: 21, spec: 'Black', num: 1 },
    });
    await server.call<Env>('/api/cart/add', {
      token: s.token,
      json: { mer_id: 1, product_id: 21, id: 21, spec: 'White', num: 1 },
    });
    const spec2 = await server.call<Env<{ goods: { specList: { child: string[] }[] } }>>(
      '/api/product/detail?mer_id=1&product_id=2',
    );
    await server.call<Env>('/api/cart/add', {
      token: s.token,
      json: {
        mer_id: 1,
        product_id: 2,
        id: 2,
        spec: spec2.body.data.goods.specList.map((g) => g.child[0]).join('|'),
        num: 1,
      },
    });
    const bag = await server.call<Env<{ carts: { cart_id: number }[] }>>('/api/cart/index', { token: s.token });
    const id = await received(s, { cart_ids: bag.body.data.carts.map((c) => c.cart_id).join(',') });
    expect(statusOf(id).status).toBe(3);

    const empty = await review(s, id, 21, { comment: '   ' });
    expect([empty.status, empty.body.msg]).toEqual([200, 'Review content cannot be empty']);
    expect((await review(s, id, 21, { comment: '' })).body.msg).toBe('Review content cannot be empty');
    for (const product_score of [4.3, 0.5, 0, 6]) {
      const bad = await review(s, id, 21, { product_score });
      expect([product_score, bad.status, bad.body.msg]).toEqual([
        product_score,
        200,
        'Please give a rating from 1 to 5',
      ]);
    }
    const long = await review(s, id, 21, { comment: 'x'.repeat(1001) });
    expect([long.status, long.body.msg]).toEqual([200, 'Please enter at most 1000 characters']);
    expect((await review(s, id, 21, { pics: 'https://evil.example.com/a.png' })).body.msg).toBe(
      'Photos must be images you uploaded',
    );
    expect((await review(s, id, 18)).body.msg).toBe('This product is not in this order');
    const other = await shopper('rv', '0.00');
    expect((await review(other, id, 21)).body.msg).toBe('Order not found');

    const pic = await proof(s.token);
    expect((await review(s, id, 21, { pics: pic, comment: 'Quiet clicks, great mouse.' })).body).toEqual({
      code: 1,
      msg: 'Thank you for your review',
      data: null,
    });
    // Both lines of product 21 (two specs) are reviewed; the order stays received until product 2 is.
    const d = (await detail(s.token, id)).data;
    expect(d.products.map((p) => [p.product_id, p.is_reply])).toEqual(
      expect.arrayContaining([
        [21, 1],
        [21, 1],
        [2, 0],
      ]),
    );
    expect(statusOf(id).status).toBe(3);
    expect((await review(s, id, 21)).body).toEqual({
      code: 0,
      msg: 'This product has already been reviewed',
      data: null,
    });
    expect((await review(s, id, 2, { product_score: 3.5 })).body.code).toBe(1);
    expect(statusOf(id).status).toBe(4);
    // Completed: every product is reviewed, so nothing more can be.
    expect((await review(s, id, 2)).body.msg).toBe('This product has already been reviewed');

    const page = await server.call<
      Env<{ reply_list: { nickname: string; product_score: number; comment: string; pics: string }[] }>
    >('/api/product/detail?mer_id=1&product_id=21');
    expect(page.body.data.reply_list[0]).toMatchObject({
      nickname: s.username,
      product_score: 5,
      comment: 'Quiet clicks, great mouse.',
      pics: expect.stringMatching(/^http:\/\/[^,]+\/media\/uploads\/[0-9a-f]+\.png$/),
    });
  });

  it('needs the token everywhere', async () => {
    for (const path of [
      '/api/order/cancel',
      '/api/order/received',
      '/api/order/delete',
      '/api/order/merCreate',
      '/api/user/pay',
    ]) {
      const res = await server.call<Env>(path, { json: { order_id: 1 } });
      expect([path, res.status, res.body.code]).toEqual([path, 401, 401]);
    }
    expect((await server.call<Env>('/api/order/detail?order_id=1')).status).toBe(401);
  });
});
