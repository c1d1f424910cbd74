/** @jest-environment node */
/**
 * Every change a shopper makes once per tap takes effect once when its answer is lost and the
 * request is sent again (openapi.yaml, Idempotency): with the same Idempotency-Key the retry, also
 * one sent at the same time, gets the first answer (header Idempotent-Replayed) and changes nothing;
 * the same key with another body is refused. Without a key the requests behave exactly as the
 * backend family's do (BACKEND-FAMILY.md): each one acts, so adding a product twice adds it twice.
 * Likes and follows take the state wanted instead.
 */
import { shipOrder } from '../../server/src/tools/ops/order';
import { ADDRESS, TEA } from '../../server/src/tools/testing/orders';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  idemKey,
  newShopper,
  setPayCode,
  topUp,
  uploadImage,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';

jest.setTimeout(120_000);

const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Answer {
  status: number;
  body: Env;
  replayed: boolean;
}

async function send(path: string, token: string, json: object | undefined, key?: string): Promise<Answer> {
  const res = await server.call<Env>(path, {
    token,
    json,
    lang: 'en',
    headers: key ? { 'Idempotency-Key': key } : {},
  });
  return { status: res.status, body: res.body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}
/** The same request twice in a row (a retry after a lost answer). */
const twice = async (path: string, token: string, json: object | undefined, key?: string) => [
  await send(path, token, json, key),
  await send(path, token, json, key),
];
/** The same request twice at once (a double tap, a retry racing the first). */
const twiceAtOnce = (path: string, token: string, json: object | undefined, key?: string) =>
  Promise.all([send(path, token, json, key), send(path, token, json, key)]);

const outcome = (answers: Answer[]) => answers.map((a) => [a.status, a.body.code, a.body.msg]);
const replays = (answers: Answer[]) => answers.filter((a) => a.replayed).length;

async function userIdOf(token: string): Promise<number> {
  return (await server.call<Env<{ id: number }>>('/api/user/getUserInfo', { token })).body.data.id;
}
const count = (sql: string, ...params: number[]) =>
  server.db.prepare<number[], { n: number }>(sql).get(...params)?.n ?? 0;

// ---- the bag -----------------------------------------------------------------------------------

describe('addToCart', () => {
  const add = { ...TEA, num: 1 };
  const quantity = (userId: number) =>
    server.db
      .prepare<[number], { quantity: number }>('SELECT quantity FROM cart_lines WHERE user_id = ? AND product_id = 18')
      .get(userId)?.quantity ?? 0;

  it('adds once when the same key is sent twice, the retry answered like the first', async () => {
    const { token } = await newShopper(server, 'xb');
    const answers = await twice('/api/cart/add', token, add, idemKey());
    expect(outcome(answers)).toEqual([
      [200, 1, 'Added to bag'],
      [200, 1, 'Added to bag'],
    ]);
    expect(replays(answers)).toBe(1);
    expect(quantity(await userIdOf(token))).toBe(1);
  });

  it('adds once when the same key arrives twice at once', async () => {
    const { token } = await newShopper(server, 'xb');
    const answers = await twiceAtOnce('/api/cart/add', token, add, idemKey());
    expect(outcome(answers)).toEqual([
      [200, 1, 'Added to bag'],
      [200, 1, 'Added to bag'],
    ]);
    expect(replays(answers)).toBe(1);
    expect(quantity(await userIdOf(token))).toBe(1);
  });

  it('refuses the same key with another quantity, and adds nothing for it', async () => {
    const { token } = await newShopper(server, 'xb');
    const key = idemKey();
    await send('/api/cart/add', token, add, key);
    const other = await send('/api/cart/add', token, { ...add, num: 3 }, key);
    expect(outcome([other])).toEqual([[200, 0, KEY_REUSED]]);
    expect(quantity(await userIdOf(token))).toBe(1);
  });

  it('adds twice without a key, as the family client expects when a shopper adds twice', async () => {
    const { token } = await newShopper(server, 'xb');
    const answers = await twice('/api/cart/add', token, add);
    expect(outcome(answers)).toEqual([
      [200, 1, 'Added to bag'],
      [200, 1, 'Added to bag'],
    ]);
    expect(replays(answers)).toBe(0);
    expect(quantity(await userIdOf(token))).toBe(2);
  });

  it('adds again with a new key (a new tap)', async () => {
    const { token } = await newShopper(server, 'xb');
    await send('/api/cart/add', token, add, idemKey());
    await send('/api/cart/add', token, add, idemKey());
    expect(quantity(await userIdOf(token))).toBe(2);
  });
});

// ---- addresses ---------------------------------------------------------------------------------

describe('saveAddress and deleteAddress', () => {
  const addresses = (userId: number) => count('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?', userId);

  it('saves one address when the same key is sent twice, also at once', async () => {
    const { token } = await newShopper(server, 'xa');
    const userId = await userIdOf(token);
    const first = await twice('/api/user/address_add', token, ADDRESS, idemKey());
    expect(outcome(first)).toEqual([
      [200, 1, 'Save successful'],
      [200, 1, 'Save successful'],
    ]);
    expect(replays(first)).toBe(1);
    expect(addresses(userId)).toBe(1);
    const atOnce = await twiceAtOnce('/api/user/address_add', token, { ...ADDRESS, tag: 'Work' }, idemKey());
    expect(outcome(atOnce)).toEqual([
      [200, 1, 'Save successful'],
      [200, 1, 'Save successful'],
    ]);
    expect(replays(atOnce)).toBe(1);
    expect(addresses(userId)).toBe(2);
  });

  it('refuses the same key with another address', async () => {
    const { token } = await newShopper(server, 'xa');
    const key = idemKey();
    await send('/api/user/address_add', token, ADDRESS, key);
    const other = await send('/api/user/address_add', token, { ...ADDRESS, detail: '2 Silom Road' }, key);
    expect(outcome([other])).toEqual([[200, 0, KEY_REUSED]]);
    expect(addresses(await userIdOf(token))).toBe(1);
  });

  it('saves each keyless request, as the family does', async () => {
    const { token } = await newShopper(server, 'xa');
    await twice('/api/user/address_add', token, ADDRESS);
    expect(addresses(await userIdOf(token))).toBe(2);
  });

  it('answers a retried delete with the first success; keyless, the second is not found', async () => {
    const { token } = await newShopper(server, 'xa');
    const userId = await userIdOf(token);
    await twice('/api/user/address_add', token, ADDRESS);
    const ids = server.db
      .prepare<[number], { id: number }>('SELECT id FROM addresses WHERE user_id = ? ORDER BY id')
      .all(userId)
      .map((a) => a.id);
    const keyed = await twiceAtOnce(`/api/user/address_del?address_id=${ids[0]}`, token, undefined, idemKey());
    expect(outcome(keyed)).toEqual([
      [200, 1, 'Delete Success'],
      [200, 1, 'Delete Success'],
    ]);
    expect(replays(keyed)).toBe(1);
    expect(addresses(userId)).toBe(1);
    const keyless = await twice(`/api/user/address_del?address_id=${ids[1]}`, token, undefined);
    expect(outcome(keyless)).toEqual([
      [200, 1, 'Delete Success'],
      [200, 0, 'Address not found'],
    ]);
    expect(addresses(userId)).toBe(0);
  });
});

// ---- the payment code --------------------------------------------------------------------------

describe('resetPayPassword', () => {
  const change = { oldpassword: '123456', newpassword: '654321', is_verify: 1 };
  const failures = (userId: number) => count('SELECT failures AS n FROM pay_code_guards WHERE user_id = ?', userId);

  it('changes the code once when the same key is sent twice, the retry answered like the first', async () => {
    const { token } = await newShopper(server, 'xp');
    await setPayCode(server, token);
    const userId = await userIdOf(token);
    const answers = await twice('/api/user/resetPay', token, change, idemKey());
    expect(outcome(answers)).toEqual([
      [200, 1, 'Change Successful'],
      [200, 1, 'Change Successful'],
    ]);
    expect(replays(answers)).toBe(1);
    expect(failures(userId)).toBe(0);
    expect((await verifyPay(server, token, '654321')).code).toBe(1);
  });

  it('changes the code once when the same key arrives twice at once', async () => {
    const { token } = await newShopper(server, 'xp');
    await setPayCode(server, token);
    const answers = await twiceAtOnce('/api/user/resetPay', token, change, idemKey());
    expect(outcome(answers)).toEqual([
      [200, 1, 'Change Successful'],
      [200, 1, 'Change Successful'],
    ]);
    expect(replays(answers)).toBe(1);
    expect((await verifyPay(server, token, '654321')).code).toBe(1);
  });

  it('does not set other codes sent with a used key', async () => {
    const { token } = await newShopper(server, 'xp');
    await setPayCode(server, token);
    const key = idemKey();
    await send('/api/user/resetPay', token, change, key);
    const other = await send(
      '/api/user/resetPay',
      token,
      { ...change, oldpassword: '654321', newpassword: '111111' },
      key,
    );
    expect(other.replayed).toBe(true);
    expect((await verifyPay(server, token, '111111')).code).toBe(0);
    expect((await verifyPay(server, token, '654321')).code).toBe(1);
  });

  it('without a key, a repeated change checks the old code again, as before', async () => {
    const { token } = await newShopper(server, 'xp');
    await setPayCode(server, token);
    const answers = await twice('/api/user/resetPay', token, change);
    expect(outcome(answers)).toEqual([
      [200, 1, 'Change Successful'],
      [200, 0, 'Incorrect payment code'],
    ]);
  });
});

// ---- orders ------------------------------------------------------------------------------------

interface Shopper {
  token: string;
  userId: number;
  addressId: number;
}

async function shopper(): Promise<Shopper> {
  const { token } = await newShopper(server, 'xo');
  await setPayCode(server, token);
  await topUp(server, token, '500.00');
  await send('/api/user/address_add', token, ADDRESS);
  const userId = await userIdOf(token);
  const addressId = server.db
    .prepare<[number], { id: number }>('SELECT id FROM addresses WHERE user_id = ?')
    .get(userId)!.id;
  return { token, userId, addressId };
}

async function placed(s: Shopper): Promise<number> {
  const res = await send('/api/order/merSubmit', s.token, { address_id: s.addressId, ...TEA, number: 1 }, idemKey());
  expect(res.body.code).toBe(1);
  return server.db
    .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
    .get((res.body.data as { out_trade_no: string }).out_trade_no)!.id;
}

async function paid(s: Shopper): Promise<number> {
  const id = await placed(s);
  await verifyPay(server, s.token);
  expect((await send('/api/user/pay', s.token, { order_id: id }, idemKey())).body.code).toBe(1);
  return id;
}

async function shipped(s: Shopper): Promise<number> {
  const id = await paid(s);
  shipOrder(server.db, id);
  return id;
}

async function received(s: Shopper): Promise<number> {
  const id = await shipped(s);
  expect((await send('/api/order/received', s.token, { order_id: id }, idemKey())).body.code).toBe(1);
  return id;
}

async function refundOf(s: Shopper, id: number): Promise<object> {
  const image = (await uploadImage(server, s.token)).body.data!.fullurl;
  const order = server.db.prepare<[number], { order_sn: string }>('SELECT order_sn FROM orders WHERE id = ?').get(id)!;
  const line = server.db.prepare<[number], { id: number }>('SELECT id FROM order_products WHERE order_id = ?').get(id)!;
  return {
    order_id: id,
    sn: order.order_sn,
    amount: '5.00',
    service_type: 0,
    receiving_status: 0,
    reason_type: 'Damaged',
    refund_explain: 'The tin arrived dented',
    images: image,
    order_product_id: String(line.id),
  };
}

const review = (id: number, comment = 'Fresh and fragrant') => ({
  order_id: id,
  product_id: TEA.product_id,
  product_score: 5,
  service_score: 5,
  postage_score: 4.5,
  comment,
  pics: '',
});

interface OrderCase {
  name: string;
  path: string;
  /** An order ready for the change; its request body; a body that differs. */
  prepare: (s: Shopper) => Promise<{ body: object; other: object }>;
  done: string;
  /** What the family's keyless retry is answered. */
  keylessRetry: string;
  /** How many times the change took effect for the shopper. */
  effects: (s: Shopper) => number;
}

const orderCases: OrderCase[] = [
  {
    name: 'cancelOrder',
    path: '/api/order/cancel',
    prepare: async (s) => ({ body: { order_id: await placed(s) }, other: { order_id: await placed(s) } }),
    done: 'Order cancelled',
    keylessRetry: 'This order cannot be cancelled',
    effects: (s) => count('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status = -1', s.userId),
  },
  {
    name: 'confirmOrderReceived',
    path: '/api/order/received',
    prepare: async (s) => ({ body: { order_id: await shipped(s) }, other: { order_id: await shipped(s) } }),
    done: 'Receipt confirmed',
    keylessRetry: 'This order cannot be confirmed',
    effects: (s) => count('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status = 3', s.userId),
  },
  {
    name: 'deleteOrder',
    path: '/api/order/delete',
    prepare: async (s) => {
      const [a, b] = [await placed(s), await placed(s)];
      await send('/api/order/cancel', s.token, { order_id: a });
      await send('/api/order/cancel', s.token, { order_id: b });
      return { body: { order_id: a }, other: { order_id: b } };
    },
    done: 'Delete Success',
    keylessRetry: 'Order not found',
    effects: (s) => count('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND user_deleted = 1', s.userId),
  },
  {
    name: 'applyRefund',
    path: '/api/order/refund',
    prepare: async (s) => {
      const body = await refundOf(s, await paid(s));
      return { body, other: { ...body, amount: '6.00' } };
    },
    done: 'Application successful',
    keylessRetry: 'You have already submitted a refund request',
    effects: (s) => count('SELECT COUNT(*) AS n FROM refunds WHERE user_id = ?', s.userId),
  },
  {
    name: 'reviewOrderProduct',
    path: '/api/order/comment',
    prepare: async (s) => {
      const id = await received(s);
      return { body: review(id), other: review(id, 'Changed my mind') };
    },
    done: 'Thank you for your review',
    keylessRetry: 'This product has already been reviewed',
    effects: (s) => count('SELECT COUNT(*) AS n FROM reviews WHERE user_id = ?', s.userId),
  },
];

describe.each(orderCases)('$name', ({ path, prepare, done, keylessRetry, effects }) => {
  it('a retry with the same key gets the first answer, not a refusal, and acts no more', async () => {
    const s = await shopper();
    const { body } = await prepare(s);
    const answers = await twice(path, s.token, body, idemKey());
    expect(outcome(answers)).toEqual([
      [200, 1, done],
      [200, 1, done],
    ]);
    expect(replays(answers)).toBe(1);
    expect(effects(s)).toBe(1);
  });

  it('the same key twice at once acts once, both answered as done', async () => {
    const s = await shopper();
    const { body } = await prepare(s);
    const answers = await twiceAtOnce(path, s.token, body, idemKey());
    expect(outcome(answers)).toEqual([
      [200, 1, done],
      [200, 1, done],
    ]);
    expect(replays(answers)).toBe(1);
    expect(effects(s)).toBe(1);
  });

  it('the same key with another body is refused and changes nothing', async () => {
    const s = await shopper();
    const { body, other } = await prepare(s);
    const key = idemKey();
    await send(path, s.token, body, key);
    expect(outcome([await send(path, s.token, other, key)])).toEqual([[200, 0, KEY_REUSED]]);
    expect(effects(s)).toBe(1);
  });

  it('without a key, the repeat is refused as the family does', async () => {
    const s = await shopper();
    const { body } = await prepare(s);
    const answers = await twice(path, s.token, body);
    expect(outcome(answers)).toEqual([
      [200, 1, done],
      [200, 0, keylessRetry],
    ]);
    expect(effects(s)).toBe(1);
  });
});

// ---- likes and follows -------------------------------------------------------------------------

describe('toggleProductLike and toggleShopFollow', () => {
  const liked = (userId: number) => count('SELECT COUNT(*) AS n FROM product_likes WHERE user_id = ?', userId);
  const followed = (userId: number) => count('SELECT COUNT(*) AS n FROM shop_follows WHERE user_id = ?', userId);
  const product = { mer_id: TEA.mer_id, product_id: TEA.product_id };

  it('a like with the state wanted stays liked when retried, also at once', async () => {
    const { token } = await newShopper(server, 'xl');
    const userId = await userIdOf(token);
    const answers = [
      ...(await twice('/api/product/like', token, { ...product, is_like: 1 })),
      ...(await twiceAtOnce('/api/product/like', token, { ...product, is_like: 1 })),
    ];
    expect(answers.map((a) => a.body.data)).toEqual(Array(4).fill({ is_like: 1 }));
    expect(liked(userId)).toBe(1);
    await twice('/api/product/like', token, { ...product, is_like: 0 });
    expect(liked(userId)).toBe(0);
  });

  it('a follow with the state wanted stays followed when retried', async () => {
    const { token } = await newShopper(server, 'xl');
    const userId = await userIdOf(token);
    const answers = await twiceAtOnce('/api/merchant/follow', token, { mer_id: 7, is_follow: 1 });
    expect(answers.map((a) => a.body.data)).toEqual([{ is_follow: 1 }, { is_follow: 1 }]);
    expect(followed(userId)).toBe(1);
    await twice('/api/merchant/follow', token, { mer_id: 7, is_follow: 0 });
    expect(followed(userId)).toBe(0);
  });

  it("the family's plain toggle still toggles", async () => {
    const { token } = await newShopper(server, 'xl');
    const userId = await userIdOf(token);
    const likes = await twice('/api/product/like', token, product);
    expect(likes.map((a) => a.body.data)).toEqual([{ is_like: 1 }, { is_like: 0 }]);
    expect(liked(userId)).toBe(0);
    const follows = await twice('/api/merchant/follow', token, { mer_id: 7 });
    expect(follows.map((a) => a.body.data)).toEqual([{ is_follow: 1 }, { is_follow: 0 }]);
    expect(followed(userId)).toBe(0);
  });
});
