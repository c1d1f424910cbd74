/** @jest-environment node */
/**
 * Withdrawals respect the platform's minimum (platform.extract_min_cents, seeded 10.00) and a
 * non-zero fee rate never gives a zero fee (DESIGN.md 3.4: fees are computed by the server).
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

const BANK = { bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Test Shopper' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function funded(amount: string): Promise<string> {
  const { token } = await newShopper(server, 'wm');
  await setPayCode(server, token);
  await topUp(server, token, amount);
  return token;
}
const withdraw = async (token: string, price: string, lang?: string) => {
  await verifyPay(server, token);
  return server.call<Env>('/api/user/extract', {
    token,
    lang,
    json: { extract_type: 0, price, ...BANK },
    headers: { 'Idempotency-Key': idemKey() },
  });
};
const lastExtract = async (token: string) =>
  (
    await server.call<Env<{ list: { extract_price: string; fee: string; real_price: string }[] }>>(
      '/api/user/extract_log',
      { token },
    )
  ).body.data.list[0];

describe('the withdrawal minimum', () => {
  it('refuses 0.16 and 9.99 with the minimum named (localized); nothing is held', async () => {
    const token = await funded('50.00');
    for (const price of ['0.16', '9.99']) {
      const res = await withdraw(token, price);
      expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'The minimum withdrawal is 10.00', data: null }]);
    }
    expect((await withdraw(token, '9.99', 'zh-CN')).body.msg).toBe('最低提现金额为 10.00');
    expect(await balance(server, token)).toBe('50.00');
    expect(await lastExtract(token)).toBeUndefined();
  });

  it('accepts exactly 10.00 with a non-zero fee', async () => {
    const token = await funded('50.00');
    const res = await withdraw(token, '10.00');
    expect(res.body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(await lastExtract(token)).toMatchObject({ extract_price: '10.00', fee: '0.30', real_price: '9.70' });
    expect(await balance(server, token)).toBe('40.00');
  });

  it('tells the withdrawal form the minimum', async () => {
    const token = await funded('20.00');
    const info = await server.call<Env<{ min_price: string }>>('/api/user/extract', { token });
    expect(info.body.data.min_price).toBe('10.00');
  });
});

describe('the withdrawal fee', () => {
  it('is never 0.00 when the rate is not 0 (0.01 % of 10.00 is 0.001: the fee is 0.01)', async () => {
    const own = await startTestServer();
    try {
      own.db.prepare('UPDATE platform SET extract_fee_bp = 1 WHERE id = 1').run();
      const { token } = await newShopper(own, 'wf');
      await setPayCode(own, token);
      await topUp(own, token, '30.00');
      await verifyPay(own, token);
      const res = await own.call<Env>('/api/user/extract', {
        token,
        json: { extract_type: 0, price: '10.00', ...BANK },
        headers: { 'Idempotency-Key': idemKey() },
      });
      expect(res.body.code).toBe(1);
      const log = await own.call<Env<{ list: { fee: string; real_price: string }[] }>>('/api/user/extract_log', {
        token,
      });
      expect(log.body.data.list[0]).toMatchObject({ fee: '0.01', real_price: '9.99' });
    } finally {
      await own.stop();
    }
  });

  it('is 0.00 only when the rate is 0', async () => {
    const own = await startTestServer();
    try {
      own.db.prepare('UPDATE platform SET extract_fee_bp = 0 WHERE id = 1').run();
      const { token } = await newShopper(own, 'wf');
      await setPayCode(own, token);
      await topUp(own, token, '30.00');
      await verifyPay(own, token);
      await own.call<Env>('/api/user/extract', {
        token,
        json: { extract_type: 0, price: '10.00', ...BANK },
        headers: { 'Idempotency-Key': idemKey() },
      });
      const log = await own.call<Env<{ list: { fee: string; real_price: string }[] }>>('/api/user/extract_log', {
        token,
      });
      expect(log.body.data.list[0]).toMatchObject({ fee: '0.00', real_price: '10.00' });
    } finally {
      await own.stop();
    }
  });
});
