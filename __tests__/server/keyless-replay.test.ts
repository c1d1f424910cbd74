/** @jest-environment node */
/**
 * The backend family's client sends no Idempotency-Key (BACKEND-FAMILY.md, Conventions). Its money
 * requests (recharge, extract, merSubmit, merPay, pay) are still never acted on twice: an identical
 * request of the same user within 10 seconds is answered with the first result, also when both
 * arrive at once; after the window the same request acts again. Keyed requests keep their 24 h+
 * replay.
 */
import { IMPLICIT_WINDOW_SECONDS, purgeIdempotencyKeys } from '../../server/src/platform/idempotency';
import { nowSeconds } from '../../server/src/platform/db';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { formatCents } from '../../server/src/shared/money';
import {
  balance,
  cents,
  idemKey,
  ledgerSumCents,
  newShopper,
  setPayCode,
  topUp,
  uploadImage,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';

jest.setTimeout(60_000);

const BANK = { bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Test Shopper' };
const ADDRESS = {
  name: 'Test Shopper',
  mobile: '2015550123',
  country: 'United States, New York',
  detail: '350 Fifth Avenue',
  tag: 'Home',
  is_default: 1,
};
// 18: green tea of shop 7 (12.50, no specs).
const TEA = { mer_id: '7', product_id: '18', number: '2', spec: '' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A keyless POST, as the family's client sends it. */
const send = <T = unknown>(path: string, token: string, json: object) =>
  server.call<Env<T>>(path, { token, json, lang: 'en' });
const twiceAtOnce = <T = unknown>(path: string, token: string, json: object) =>
  Promise.all([send<T>(path, token, json), send<T>(path, token, json)]);
const replayed = (answers: { headers: Headers }[]) =>
  answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length;

async function userIdOf(token: string): Promise<number> {
  return (await server.call<Env<{ id: number }>>('/api/user/getUserInfo', { token })).body.data.id;
}
/** Moves the user's remembered requests `seconds` into the past (the window is 10 s). */
function age(userId: number, seconds: number): void {
  server.db.prepare('UPDATE idempotency_keys SET created_at = created_at - ? WHERE user_id = ?').run(seconds, userId);
}
const count = (sql: string, userId: number) => server.db.prepare<[number], { n: number }>(sql).get(userId)?.n ?? 0;

async function funded(money: string) {
  const { token } = await newShopper(server, 'kr');
  await setPayCode(server, token);
  if (money !== '0.00') await topUp(server, token, money);
  return { token, userId: await userIdOf(token) };
}

describe('recharge without a key', () => {
  it('sent twice at once is recorded once, both answered alike; after the window it is recorded again', async () => {
    const { token, userId } = await funded('0.00');
    const image = (await uploadImage(server, token)).body.data!.fullurl;
    const body = { recharge_type: 1, network: 'TRC20', price: '25', image };
    const answers = await twiceAtOnce('/api/user/recharge', token, body);
    for (const a of answers)
      expect([a.status, a.body]).toEqual([200, { code: 1, msg: 'Application successful', data: null }]);
    expect(replayed(answers)).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', userId)).toBe(1);
    // A different request within the window is a new one.
    expect((await send('/api/user/recharge', token, { ...body, price: '26' })).body.code).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', userId)).toBe(2);
    age(userId, IMPLICIT_WINDOW_SECONDS);
    const later = await send('/api/user/recharge', token, body);
    expect([later.body.code, later.headers.get('idempotent-replayed')]).toEqual([1, null]);
    expect(count('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', userId)).toBe(3);
  });
});

describe('extract without a key, after verify_pay', () => {
  it('sent twice at once holds the amount once (balance and ledger) and uses one verification', async () => {
    const { token, userId } = await funded('100.00');
    await verifyPay(server, token);
    await verifyPay(server, token);
    const body = { extract_type: 0, price: '30', ...BANK, blockchain: '', network: '' };
    const answers = await twiceAtOnce('/api/user/extract', token, body);
    for (const a of answers) expect(a.body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(replayed(answers)).toBe(1);
    expect(await balance(server, token)).toBe('70.00');
    expect(await ledgerSumCents(server, token)).toBe(7000);
    expect(count('SELECT COUNT(*) AS n FROM extracts WHERE user_id = ?', userId)).toBe(1);
    // The same request after the window is a new withdrawal (it uses the second verification).
    age(userId, IMPLICIT_WINDOW_SECONDS + 1);
    expect((await send('/api/user/extract', token, body)).body.code).toBe(1);
    expect(await balance(server, token)).toBe('40.00');
    expect(await ledgerSumCents(server, token)).toBe(4000);
    expect(count('SELECT COUNT(*) AS n FROM extracts WHERE user_id = ?', userId)).toBe(2);
  });

  it('a refusal is not remembered: after verify_pay the same request acts', async () => {
    const { token } = await funded('50.00');
    const body = { extract_type: 0, price: '20', ...BANK };
    expect((await send('/api/user/extract', token, body)).body).toEqual({
      code: 0,
      msg: 'Please verify the payment code first',
      data: null,
    });
    await verifyPay(server, token);
    expect((await send('/api/user/extract', token, body)).body.code).toBe(1);
    expect(await balance(server, token)).toBe('30.00');
  });
});

describe('checkout and payment without a key', () => {
  async function withAddress(money: string) {
    const s = await funded(money);
    expect((await send('/api/user/address_add', s.token, ADDRESS)).body.code).toBe(1);
    const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', {
      token: s.token,
    });
    return { ...s, addressId: String(list.body.data.list[0]!.address_id) };
  }
  const stockOfTea = () =>
    server.db.prepare<[], { stock: number }>('SELECT stock FROM products WHERE id = 18').get()?.stock ?? 0;

  it('merSubmit twice at once creates one order and reserves the stock once; after the window, another', async () => {
    const { token, userId, addressId } = await withAddress('0.00');
    const stock = stockOfTea();
    const body = { address_id: addressId, chu_id: 0, ...TEA };
    const answers = await twiceAtOnce<{ out_trade_no: string; total_price: string }>(
      '/api/order/merSubmit',
      token,
      body,
    );
    for (const a of answers) expect(a.body.code).toBe(1);
    expect(answers[1]!.body.data.out_trade_no).toBe(answers[0]!.body.data.out_trade_no);
    expect(replayed(answers)).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', userId)).toBe(1);
    expect(stockOfTea()).toBe(stock - 2);
    age(userId, IMPLICIT_WINDOW_SECONDS);
    const later = await send<{ out_trade_no: string }>('/api/order/merSubmit', token, body);
    expect(later.body.data.out_trade_no).not.toBe(answers[0]!.body.data.out_trade_no);
    expect(count('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', userId)).toBe(2);
    expect(stockOfTea()).toBe(stock - 4);
  });

  it('merPay twice at once pays once: one bill, the balance debited once, one verification used', async () => {
    const { token, userId, addressId } = await withAddress('100.00');
    const order = await send<{ out_trade_no: string; total_price: string }>('/api/order/merSubmit', token, {
      address_id: addressId,
      ...TEA,
    });
    const { out_trade_no: tradeNo, total_price: total } = order.body.data;
    await verifyPay(server, token);
    await verifyPay(server, token);
    const answers = await twiceAtOnce('/api/order/merPay', token, { out_trade_no: tradeNo, total_price: total });
    for (const a of answers) expect(a.body).toEqual({ code: 1, msg: 'Pay Success', data: null });
    expect(replayed(answers)).toBe(1);
    expect(await balance(server, token)).toBe(formatCents(cents('100.00') - cents(total)));
    expect(count("SELECT COUNT(*) AS n FROM bills WHERE user_id = ? AND type = 'pay'", userId)).toBe(1);
    expect(await ledgerSumCents(server, token)).toBe(cents('100.00') - cents(total));
    // After the window the same request finds nothing left to pay (an order is never paid twice).
    age(userId, IMPLICIT_WINDOW_SECONDS);
    const later = await send('/api/order/merPay', token, { out_trade_no: tradeNo, total_price: total });
    expect(later.body).toEqual({ code: 0, msg: 'This order has already been paid', data: null });
    // The second verification was not used up: it pays a new order.
    const next = await send<{ out_trade_no: string }>('/api/order/merSubmit', token, {
      address_id: addressId,
      ...TEA,
      number: '1',
    });
    expect((await send('/api/order/merPay', token, { out_trade_no: next.body.data.out_trade_no })).body.code).toBe(1);
  });

  it('pay (an existing order) twice at once pays once', async () => {
    const { token, userId, addressId } = await withAddress('100.00');
    await send('/api/order/merSubmit', token, { address_id: addressId, ...TEA });
    const orders = await server.call<Env<{ list: { order_id: number; total_price: string }[] }>>(
      '/api/user/order_list?status=0',
      { token },
    );
    const { order_id: orderId, total_price: total } = orders.body.data.list[0]!;
    await verifyPay(server, token);
    await verifyPay(server, token);
    const answers = await twiceAtOnce('/api/user/pay', token, { order_id: String(orderId) });
    for (const a of answers) expect(a.body).toEqual({ code: 1, msg: 'Pay Success', data: null });
    expect(count("SELECT COUNT(*) AS n FROM bills WHERE user_id = ? AND type = 'pay'", userId)).toBe(1);
    expect(await balance(server, token)).toBe(formatCents(cents('100.00') - cents(total)));
    expect(await ledgerSumCents(server, token)).toBe(cents('100.00') - cents(total));
  });

  it('is per user: two shoppers sending the same body both act', async () => {
    const a = await withAddress('0.00');
    const b = await withAddress('0.00');
    const image = async (token: string) => (await uploadImage(server, token)).body.data!.fullurl;
    const body = { recharge_type: 1, network: 'TRC20', price: '5' };
    const [ra, rb] = await Promise.all([
      send('/api/user/recharge', a.token, { ...body, image: await image(a.token) }),
      send('/api/user/recharge', b.token, { ...body, image: await image(b.token) }),
    ]);
    expect([ra.body.code, rb.body.code]).toEqual([1, 1]);
    expect(count('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', a.userId)).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', b.userId)).toBe(1);
  });
});

describe('remembered requests', () => {
  it('a keyed request keeps its replay past the window; the hourly purge drops only keyless records past theirs', async () => {
    const { token, userId } = await funded('0.00');
    const image = (await uploadImage(server, token)).body.data!.fullurl;
    const body = { recharge_type: 1, network: 'TRC20', price: '7', image };
    const key = idemKey();
    const keyed = () =>
      server.call<Env>('/api/user/recharge', { token, json: body, headers: { 'Idempotency-Key': key } });
    expect((await keyed()).body.code).toBe(1);
    expect((await send('/api/user/recharge', token, { ...body, price: '8' })).body.code).toBe(1);
    age(userId, 60 * 60);
    const again = await keyed();
    expect([again.body.code, again.headers.get('idempotent-replayed')]).toEqual([1, 'true']);
    expect(count('SELECT COUNT(*) AS n FROM recharges WHERE user_id = ?', userId)).toBe(2);
    const rows = () => count('SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?', userId);
    expect(rows()).toBe(2);
    purgeIdempotencyKeys(server.db, nowSeconds());
    expect(rows()).toBe(1);
  });
});
