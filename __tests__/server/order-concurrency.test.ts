/** @jest-environment node */
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  idemKey,
  ledgerSumCents,
  newShopper,
  setPayCode,
  topUp,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';
import { TEA, ADDRESS } from '../../server/src/tools/testing/orders';

// Dozens of logins and scrypt checks per test; generous under a parallel jest run.
jest.setTimeout(90_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function shopper(prefix: string, money: string) {
  const { token, username } = await newShopper(server, prefix);
  await setPayCode(server, token);
  if (money !== '0.00') await topUp(server, token, money);
  await server.call<Env>('/api/user/address_add', { token, json: ADDRESS });
  const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
  return { token, username, addressId: list.body.data.list[0]!.address_id };
}

const submit = (token: string, json: object) =>
  server.call<Env<{ out_trade_no: string; total_price: string } | null>>('/api/order/merSubmit', {
    token,
    json,
    headers: { 'Idempotency-Key': idemKey() },
  });

/** `n` sessions of one shopper, each with its own fresh verify_pay. */
async function verifiedSessions(username: string, n: number): Promise<string[]> {
  const tokens = await Promise.all(Array.from({ length: n }, () => loginAs(server, username, 'secret12')));
  for (const token of tokens) expect(await verifyPay(server, token)).toMatchObject({ code: 1 });
  return tokens;
}

const payBills = (orderId: number) =>
  server.db
    .prepare<[number], { n: number }>(
      "SELECT COUNT(*) AS n FROM bills WHERE type = 'pay' AND ref_type = 'order' AND ref_id = ?",
    )
    .get(orderId)?.n;

describe('paying one order concurrently', () => {
  it('10 payOrder requests at once from 10 verified sessions: exactly one payment and one bill', async () => {
    const s = await shopper('xp', '100.00');
    const placed = await submit(s.token, { address_id: s.addressId, ...TEA, number: 2 });
    const orderId = server.db
      .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
      .get(placed.body.data!.out_trade_no)!.id;
    const sessions = await verifiedSessions(s.username, 10);

    const answers = await Promise.all(
      sessions.map((token) =>
        server.call<Env>('/api/user/pay', {
          token,
          json: { order_id: orderId },
          headers: { 'Idempotency-Key': idemKey() },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 0).map((a) => a.body.msg)).toEqual(
      Array(9).fill('This order has already been paid'),
    );
    expect(payBills(orderId)).toBe(1);
    expect(await balance(server, s.token)).toBe('70.00');
    expect(await ledgerSumCents(server, s.token)).toBe(7000);
    // The 9 refused payments did not use up their sessions' verifications.
    const unused = server.db
      .prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM pay_verifications v JOIN users u ON u.id = v.user_id WHERE u.username = ? AND v.used_at IS NULL',
      )
      .get(s.username)?.n;
    expect(unused).toBe(9);
  });

  it('10 merPay requests at once (5 sessions, mixed with payOrder): one payment, one bill', async () => {
    const s = await shopper('xm', '100.00');
    const placed = await submit(s.token, { address_id: s.addressId, ...TEA, number: 1 });
    const outTradeNo = placed.body.data!.out_trade_no;
    const orderId = server.db
      .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
      .get(outTradeNo)!.id;
    const sessions = await verifiedSessions(s.username, 5);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? server.call<Env>('/api/order/merPay', {
              token: sessions[i % 5]!,
              json: { out_trade_no: outTradeNo },
              headers: { 'Idempotency-Key': idemKey() },
            })
          : server.call<Env>('/api/user/pay', {
              token: sessions[i % 5]!,
              json: { order_id: orderId },
              headers: { 'Idempotency-Key': idemKey() },
            }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(payBills(orderId)).toBe(1);
    expect(await balance(server, s.token)).toBe('82.50');
  });
});

describe('the last units of stock', () => {
  it('10 shoppers submit at once for 4 units left: 4 orders, stock 0, never negative', async () => {
    const before = server.db.prepare<[], { stock: number }>('SELECT stock FROM products WHERE id = 18').get()!.stock;
    const shoppers = await Promise.all(Array.from({ length: 10 }, (_, i) => shopper(`xs${i}`, '0.00')));
    server.db.prepare('UPDATE products SET stock = 4 WHERE id = 18').run();
    try {
      const answers = await Promise.all(
        shoppers.map((s) => submit(s.token, { address_id: s.addressId, ...TEA, number: 1 })),
      );
      expect(answers.filter((a) => a.body.code === 1)).toHaveLength(4);
      for (const a of answers.filter((x) => x.body.code === 0)) {
        expect(a.body.msg).toMatch(/^Japanese Sencha Green Tea, 100 Bags is out of stock$|^Not enough stock for /);
      }
      expect(server.db.prepare<[], { stock: number }>('SELECT stock FROM products WHERE id = 18').get()!.stock).toBe(0);
    } finally {
      server.db.prepare('UPDATE products SET stock = ? WHERE id = 18').run(before);
    }
  });
});
