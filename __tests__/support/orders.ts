import { expectOk, postJson, type Answer, type ReferenceServer } from './server';
import { uploadEvidence } from './wallet';

/**
 * Orders in any status for the order screens' tests, made the way a shopper and an operator make
 * them: bag -> merSubmit -> verify_pay -> merPay through the API, shipping and refund decisions
 * through the ops commands (DESIGN.md section 3.4).
 */

/** Seeded products without specs (server/src/tools/seed): green tea (shop 7, 12.50), building blocks (shop 8, 35.99). */
export const TEA = { mer_id: 7, product_id: 18, id: 18, spec: '' };
export const BLOCKS = { mer_id: 8, product_id: 10, id: 10, spec: '' };
export type Item = typeof TEA;

export interface ServerOrder {
  order_id: number;
  order_sn: string;
  status: number;
  refund_status: number;
  total_price: string;
  products: { order_product_id: number; product_id: number; title: string; is_reply: number }[];
}

/** The order as the server sees it. */
export async function orderDetail(server: ReferenceServer, token: string, orderId: number): Promise<ServerOrder> {
  const res = await server.call<Answer<ServerOrder>>(`/api/order/detail?order_id=${orderId}`, { token });
  return expectOk(res.body, 'order detail');
}

/** Puts the items in the bag and submits them (one shop: one order); returns the new unpaid order. */
export async function placeOrder(
  server: ReferenceServer,
  token: string,
  items: { item: Item; num: number }[] = [{ item: TEA, num: 1 }],
): Promise<ServerOrder> {
  for (const { item, num } of items)
    expectOk(await postJson(server, '/api/cart/add', token, { ...item, num }), 'cart add');
  const cart = expectOk(
    (await server.call<Answer<{ carts: { cart_id: number; product_id: number }[] }>>('/api/cart/index', { token }))
      .body,
    'cart',
  );
  const cartIds = cart.carts
    .filter((line) => items.some(({ item }) => item.product_id === line.product_id))
    .map((line) => line.cart_id);
  const addresses = expectOk(
    (
      await server.call<Answer<{ list: { address_id: number; is_default: number }[] }>>('/api/user/address_list', {
        token,
      })
    ).body,
    'address list',
  );
  const address = addresses.list.find((entry) => entry.is_default === 1) ?? addresses.list[0];
  if (!address) throw new Error('the shopper has no address');
  expectOk(
    await postJson(
      server,
      '/api/order/merSubmit',
      token,
      { address_id: address.address_id, cart_ids: cartIds.join(',') },
      { 'Idempotency-Key': crypto.randomUUID() },
    ),
    'merSubmit',
  );
  const list = expectOk(
    (await server.call<Answer<{ list: { order_id: number }[] }>>('/api/user/order_list?status=0&limit=1', { token }))
      .body,
    'order list',
  );
  return orderDetail(server, token, list.list[0]!.order_id);
}

/** Pays an unpaid order from the balance (payment code 123456). */
export async function payOrder(server: ReferenceServer, token: string, orderId: number): Promise<void> {
  expectOk(await postJson(server, '/api/user/verify_pay', token, { password_pay: '123456' }), 'verify_pay');
  expectOk(
    await postJson(server, '/api/user/pay', token, { order_id: orderId }, { 'Idempotency-Key': crypto.randomUUID() }),
    'pay',
  );
}

/** Asks for a refund of everything paid through the API (with an uploaded proof). */
export async function applyRefund(server: ReferenceServer, token: string, orderId: number, amount?: string) {
  const order = await orderDetail(server, token, orderId);
  const image = await uploadEvidence(server, token);
  return postJson(server, '/api/order/refund', token, {
    order_id: order.order_id,
    sn: order.order_sn,
    amount: amount ?? order.total_price,
    service_type: 0,
    receiving_status: 0,
    reason_type: 'quality',
    refund_explain: 'It broke.',
    images: image,
    order_product_id: order.products.map((line) => line.order_product_id).join(','),
  });
}

export type Stage = 'unpaid' | 'paid' | 'shipped' | 'received' | 'completed' | 'cancelled' | 'refunding';

/**
 * An order moved to `stage`: unpaid (0), paid (1), shipped (2, by the operator), received (3),
 * completed (4, every product reviewed), cancelled (-1) or refunding (paid, refund_status 1).
 */
export async function orderAt(
  server: ReferenceServer,
  token: string,
  stage: Stage,
  items?: { item: Item; num: number }[],
): Promise<ServerOrder> {
  const order = await placeOrder(server, token, items);
  const id = order.order_id;
  if (stage === 'cancelled') expectOk(await postJson(server, '/api/order/cancel', token, { order_id: id }), 'cancel');
  if (stage === 'unpaid' || stage === 'cancelled') return orderDetail(server, token, id);
  await payOrder(server, token, id);
  if (stage === 'refunding') expectOk(await applyRefund(server, token, id), 'refund');
  if (stage === 'paid' || stage === 'refunding') return orderDetail(server, token, id);
  await server.ops('order:ship', String(id));
  if (stage === 'shipped') return orderDetail(server, token, id);
  expectOk(await postJson(server, '/api/order/received', token, { order_id: id }), 'received');
  if (stage === 'completed') {
    for (const line of order.products) {
      expectOk(
        await postJson(server, '/api/order/comment', token, {
          order_id: id,
          product_id: line.product_id,
          product_score: 5,
          service_score: 5,
          postage_score: 5,
          comment: 'Fine.',
          pics: '',
        }),
        'comment',
      );
    }
  }
  return orderDetail(server, token, id);
}
