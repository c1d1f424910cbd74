/** @jest-environment node */
import { passExtract, passRecharge, refuseExtract, refuseRecharge } from '../../server/src/tools/ops/wallet';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  idemKey,
  ledgerSumCents,
  cents,
  newShopper,
  setPayCode,
  SHOPPER_PASSWORD,
  topUp,
  uploadImage,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';

interface Recharge {
  id: number;
  network: string;
  price: string;
  status: number;
  admin_msg: string;
  type: number;
  createtime: string;
}
interface Extract {
  id: number;
  mark: string;
  extract_type: number;
  extract_price: string;
  fee: string;
  real_price: string;
  status: number;
  admin_msg: string;
  createtime: string;
}
interface Bill {
  id: number;
  title: string;
  createtime: string;
  type: string;
  money: string;
}
interface List<T> {
  count: number;
  list: T[];
}

/** Dates as the backend family sends them: display text in UTC. */
const DISPLAY_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const BANK = { bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Test Shopper' };
const TRC20_ADDRESS = 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const extract = (token: string, json: Record<string, unknown>, key = idemKey(), lang?: string) =>
  server.call<Env>('/api/user/extract', { token, json, lang, headers: { 'Idempotency-Key': key } });
const recharge = (token: string, json: Record<string, unknown>, key = idemKey(), lang?: string) =>
  server.call<Env>('/api/user/recharge', { token, json, lang, headers: { 'Idempotency-Key': key } });
const list = async <T>(path: string, token: string, lang?: string) =>
  (await server.call<Env<List<T>>>(path, { token, lang })).body.data;

/** A shopper with a payment code and the given balance (topped up through a passed recharge). */
async function funded(amount: string): Promise<string> {
  const { token } = await newShopper(server);
  await setPayCode(server, token);
  if (amount !== '0.00') await topUp(server, token, amount);
  return token;
}

describe('listBlockchains', () => {
  it('lists the platform deposit address of each network', async () => {
    const token = await loginAs(server);
    const res = await server.call<Env<{ blockchain: string; network: string }[]>>('/api/user/getBlockchain', { token });
    expect(res.body.code).toBe(1);
    expect(res.body.data.map((b) => b.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    for (const b of res.body.data) expect(b.blockchain).toMatch(/^(T|0x)[0-9A-Za-z]{30,}$/);
  });

  it('needs the token', async () => {
    const res = await server.call<Env>('/api/user/getBlockchain');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Please login first', data: null });
  });
});

describe('createRecharge and listRecharges', () => {
  it('records an on-chain recharge as auditing; the balance does not change until an operator passes it', async () => {
    const { token } = await newShopper(server);
    const up = await uploadImage(server, token);
    const res = await recharge(token, {
      recharge_type: 1,
      network: 'TRC20',
      price: '50',
      image: up.body.data?.fullurl,
    });
    expect(res.body).toEqual({ code: 1, msg: 'Application successful', data: null });
    const log = await list<Recharge>('/api/user/recharge_log', token);
    expect(log.count).toBe(1);
    expect(log.list[0]).toEqual({
      id: expect.any(Number),
      network: 'TRC20',
      price: '50.00',
      status: 0,
      admin_msg: '',
      type: 1,
      createtime: expect.stringMatching(DISPLAY_TIME),
    });
    // the display text is the moment of the request, in UTC
    const stamp = new Date(`${log.list[0]?.createtime.replace(' ', 'T')}Z`).getTime();
    expect(Math.abs(stamp - Date.now())).toBeLessThan(60_000);
    expect(await balance(server, token)).toBe('0.00');
    expect((await list<Bill>('/api/user/bill', token)).count).toBe(0);
  });

  it('accepts the root-relative form of the evidence URL and the matching deposit address', async () => {
    const { token } = await newShopper(server);
    const url = new URL((await uploadImage(server, token)).body.data!.fullurl);
    const chains = await server.call<Env<{ blockchain: string; network: string }[]>>('/api/user/getBlockchain', {
      token,
    });
    const erc = chains.body.data.find((c) => c.network === 'ERC20')!;
    const res = await recharge(token, {
      recharge_type: 1,
      network: 'ERC20',
      blockchain: erc.blockchain,
      price: '12.34',
      image: url.pathname,
    });
    expect(res.body.code).toBe(1);
    expect((await list<Recharge>('/api/user/recharge_log', token)).list[0]).toMatchObject({
      network: 'ERC20',
      price: '12.34',
    });
  });

  it('records a manual recharge (recharge_type 0) without a network', async () => {
    const { token } = await newShopper(server);
    const image = (await uploadImage(server, token)).body.data!.fullurl;
    expect((await recharge(token, { recharge_type: 0, price: '8.80', image })).body.code).toBe(1);
    expect((await list<Recharge>('/api/user/recharge_log', token)).list[0]).toMatchObject({
      network: '',
      price: '8.80',
      status: 0,
    });
  });

  describe('refusals', () => {
    let token: string;
    let image: string;
    beforeAll(async () => {
      token = (await newShopper(server)).token;
      image = (await uploadImage(server, token)).body.data!.fullurl;
    });

    it.each(['0', '0.00', '-5', '10.005', 'ten', ''])(
      'price %p: a refusal the shopper can read (HTTP 200, code 0), in their language',
      async (price) => {
        const res = await recharge(token, { recharge_type: 1, network: 'TRC20', price, image });
        expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Please fill correct amount', data: null }]);
        const zh = await recharge(token, { recharge_type: 1, network: 'TRC20', price, image }, idemKey(), 'zh-CN');
        expect([zh.status, zh.body.msg]).toEqual([200, '请填写正确的金额']);
        expect((await list<Recharge>('/api/user/recharge_log', token)).count).toBe(0);
      },
    );

    it('refuses an unknown or missing network', async () => {
      for (const network of ['DOGE', '', undefined]) {
        const res = await recharge(token, { recharge_type: 1, network, price: '10', image });
        expect(res.body).toEqual({ code: 0, msg: 'Please choose charge network', data: null });
      }
    });

    it('refuses a deposit address that is not the platform address of the network', async () => {
      const res = await recharge(token, {
        recharge_type: 1,
        network: 'TRC20',
        blockchain: TRC20_ADDRESS,
        price: '10',
        image,
      });
      expect(res.body).toEqual({ code: 0, msg: 'The deposit address does not match the network', data: null });
    });

    it('refuses evidence that is not an upload of this user (foreign URL, unknown file, another user)', async () => {
      const other = await newShopper(server);
      const othersImage = (await uploadImage(server, other.token)).body.data!.fullurl;
      for (const bad of [
        'https://example.com/receipt.png',
        `${server.baseUrl}/media/uploads/00000000000000000000000000000000.png`,
        `${server.baseUrl}/media/product/1.svg`,
        othersImage,
        '',
      ]) {
        const res = await recharge(token, { recharge_type: 1, network: 'TRC20', price: '10', image: bad });
        expect([bad, res.body]).toEqual([bad, { code: 0, msg: 'Please upload payment evidence', data: null }]);
      }
      const zh = await recharge(
        token,
        { recharge_type: 1, network: 'TRC20', price: '10', image: '' },
        idemKey(),
        'zh-CN',
      );
      expect(zh.body.msg).toBe('请上传支付凭证');
      expect((await list<Recharge>('/api/user/recharge_log', token)).count).toBe(0);
    });

    it("takes a request without an Idempotency-Key (the backend family's client sends none)", async () => {
      const res = await server.call<Env>('/api/user/recharge', {
        token,
        json: { recharge_type: 1, network: 'TRC20', price: '10', image },
      });
      expect([res.status, res.body.code]).toEqual([200, 1]);
      expect((await list<Recharge>('/api/user/recharge_log', token)).count).toBe(1);
    });
  });

  it('filters by audit status, newest first, with paging; shows the refusal reason', async () => {
    const { token } = await newShopper(server);
    const image = (await uploadImage(server, token)).body.data!.fullurl;
    for (const price of ['1', '2', '3']) {
      expect((await recharge(token, { recharge_type: 1, network: 'TRC20', price, image })).body.code).toBe(1);
    }
    const all = await list<Recharge>('/api/user/recharge_log', token);
    expect(all.list.map((r) => r.price)).toEqual(['3.00', '2.00', '1.00']);
    const [third, second] = all.list;
    passRecharge(server.db, third!.id);
    refuseRecharge(server.db, second!.id, 'Transaction not found on chain');

    expect((await list<Recharge>('/api/user/recharge_log?status=0', token)).list.map((r) => r.price)).toEqual(['1.00']);
    expect((await list<Recharge>('/api/user/recharge_log?status=1', token)).list.map((r) => r.price)).toEqual(['3.00']);
    const refusedList = await list<Recharge>('/api/user/recharge_log?status=2', token);
    expect(refusedList.list).toEqual([
      expect.objectContaining({ price: '2.00', status: 2, admin_msg: 'Transaction not found on chain' }),
    ]);
    const page2 = await list<Recharge>('/api/user/recharge_log?status=all&page=2&limit=2', token);
    expect(page2).toEqual({ count: 3, list: [expect.objectContaining({ price: '1.00' })] });
  });

  it('after the operator passes it: balance and a "Top up" bill; a refusal moves no money', async () => {
    const { token } = await newShopper(server);
    const image = (await uploadImage(server, token)).body.data!.fullurl;
    await recharge(token, { recharge_type: 1, network: 'TRC20', price: '100.25', image });
    await recharge(token, { recharge_type: 1, network: 'BEP20', price: '7', image });
    const [refuseMe, passMe] = (await list<Recharge>('/api/user/recharge_log', token)).list;
    passRecharge(server.db, passMe!.id);
    refuseRecharge(server.db, refuseMe!.id, 'Amount not received');
    expect(await balance(server, token)).toBe('100.25');
    const bills = await list<Bill>('/api/user/bill', token);
    expect(bills).toEqual({
      count: 1,
      list: [
        {
          id: expect.any(Number),
          title: 'Top up',
          createtime: expect.stringMatching(DISPLAY_TIME),
          type: 'recharge',
          money: '100.25',
        },
      ],
    });
    const info = await server.call<Env<{ money: string }>>('/api/user/getUserInfo', { token });
    expect(info.body.data.money).toBe('100.25');
  });
});

describe('getExtractInfo', () => {
  it('answers the balance, the service charge rate and no saved cards for a new shopper', async () => {
    const token = await funded('20.00');
    const res = await server.call<Env>('/api/user/extract', { token });
    expect(res.body).toEqual({
      code: 1,
      msg: 'Success',
      data: { balance: '20.00', service_charge: '0.03', min_price: '10.00', card_list: [] },
    });
  });

  it('remembers the bank cards used, most recently used first', async () => {
    const token = await funded('100.00');
    const other = { bank_card: '4111 1111 1111 1111', bank_name: 'Other Bank', real_name: 'Test Shopper' };
    for (const card of [BANK, other, BANK]) {
      await verifyPay(server, token);
      expect((await extract(token, { extract_type: 0, price: '10', ...card })).body.code).toBe(1);
    }
    const res = await server.call<Env<{ card_list: unknown[] }>>('/api/user/extract', { token });
    expect(res.body.data.card_list).toEqual([
      { bank_name: 'Example Bank', bank_card: '6222020200112233445', real_name: 'Test Shopper' },
      { bank_name: 'Other Bank', bank_card: '4111111111111111', real_name: 'Test Shopper' },
    ]);
  });
});

describe('createExtract', () => {
  it('holds the amount at once, computes fee and arrival amount, and records it as auditing', async () => {
    const token = await funded('1000.00');
    expect(await verifyPay(server, token)).toEqual({ code: 1, msg: 'Success', data: null });
    const res = await extract(token, { extract_type: 0, price: '100.50', ...BANK });
    expect(res.body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(await balance(server, token)).toBe('899.50');
    const log = await list<Extract>('/api/user/extract_log', token);
    expect(log).toEqual({
      count: 1,
      list: [
        {
          id: expect.any(Number),
          mark: 'Bank card withdrawal ****3445',
          extract_type: 0,
          extract_price: '100.50',
          fee: '3.02', // 3 % of 100.50 = 3.015, half up
          real_price: '97.48',
          status: 0,
          admin_msg: '',
          createtime: expect.stringMatching(DISPLAY_TIME),
        },
      ],
    });
    const bills = await list<Bill>('/api/user/bill', token);
    expect(bills.list[0]).toEqual({
      id: expect.any(Number),
      title: 'Withdrawal',
      createtime: expect.stringMatching(DISPLAY_TIME),
      type: 'extract',
      money: '-100.50',
    });
    expect(await ledgerSumCents(server, token)).toBe(89950);
  });

  it('withdraws on chain to a plausible address of a platform network', async () => {
    const token = await funded('50.00');
    await verifyPay(server, token);
    const res = await extract(token, { extract_type: 1, price: '50', network: 'trc20', blockchain: TRC20_ADDRESS });
    expect(res.body.code).toBe(1);
    expect(await balance(server, token)).toBe('0.00');
    expect((await list<Extract>('/api/user/extract_log', token)).list[0]).toMatchObject({
      mark: 'USDT-TRC20 withdrawal TQ5N…gUa',
      extract_type: 1,
      extract_price: '50.00',
      fee: '1.50',
      real_price: '48.50',
    });
    // the title line is built when read, in the request's language
    const marks = await Promise.all(
      ['zh-CN', 'ri', 'han', 'tai'].map(
        async (lang) => (await list<Extract>('/api/user/extract_log', token, lang)).list[0]?.mark,
      ),
    );
    expect(marks).toEqual([
      'USDT-TRC20 提现 TQ5N…gUa',
      'USDT-TRC20 出金 TQ5N…gUa',
      'USDT-TRC20 출금 TQ5N…gUa',
      'ถอน USDT-TRC20 TQ5N…gUa',
    ]);
  });

  it.each([
    ['10.50', '0.32', '10.18'], // 0.315 -> 0.32 (half up)
    ['10.49', '0.31', '10.18'], // 0.3147 -> 0.31
    ['16.50', '0.50', '16.00'], // 0.495 -> 0.50
    ['33.33', '1.00', '32.33'], // 0.9999 -> 1.00
  ])('fee of %p at 3 %% is %p, arrival %p (exact cents, half up)', async (price, fee, real) => {
    const token = await funded('40.00');
    await verifyPay(server, token);
    expect((await extract(token, { extract_type: 0, price, ...BANK })).body.code).toBe(1);
    expect((await list<Extract>('/api/user/extract_log', token)).list[0]).toMatchObject({
      extract_price: price,
      fee,
      real_price: real,
    });
  });

  it('refuses more than the balance, changes nothing, and keeps the verification for the corrected request', async () => {
    const token = await funded('100.00');
    await verifyPay(server, token);
    const over = await extract(token, { extract_type: 0, price: '100.01', ...BANK });
    expect(over.body).toEqual({ code: 0, msg: 'Draw amount cannot be larger than balance', data: null });
    expect(await balance(server, token)).toBe('100.00');
    expect((await list<Extract>('/api/user/extract_log', token)).count).toBe(0);
    const th = await extract(token, { extract_type: 0, price: '100.01', ...BANK }, idemKey(), 'tai');
    expect(th.body.msg).toBe('จำนวนเงินที่ถอนต้องไม่มากกว่ายอดคงเหลือ');
    // The whole balance is allowed, with the same verify_pay.
    expect((await extract(token, { extract_type: 0, price: '100', ...BANK })).body.code).toBe(1);
    expect(await balance(server, token)).toBe('0.00');
    expect(await ledgerSumCents(server, token)).toBe(0);
  });

  describe('field refusals (nothing is held)', () => {
    let token: string;
    beforeAll(async () => {
      token = await funded('100.00');
      await verifyPay(server, token);
    });
    afterAll(async () => {
      expect(await balance(server, token)).toBe('100.00');
      expect((await list<Extract>('/api/user/extract_log', token)).count).toBe(0);
    });

    it.each(['0', '0.00', '-1', '-0.01', '1.234', '', '1e2', undefined])(
      'price %p -> HTTP 200, code 0 "Draw amount cannot be less than or equal to 0 or empty"',
      async (price) => {
        const res = await extract(token, { extract_type: 0, price, ...BANK });
        expect([res.status, res.body]).toEqual([
          200,
          { code: 0, msg: 'Draw amount cannot be less than or equal to 0 or empty', data: null },
        ]);
        expect((await extract(token, { extract_type: 0, price, ...BANK }, idemKey(), 'han')).body.msg).toBe(
          '출금 금액은 비어 있거나 0 이하일 수 없습니다',
        );
      },
    );

    it.each([
      [{ bank_card: undefined }, 'Please enter a correct bank card number'],
      [{ bank_card: '12345678901' }, 'Please enter a correct bank card number'],
      [{ bank_card: '12345678901234567890' }, 'Please enter a correct bank card number'],
      [{ bank_card: '6222abcd00112233' }, 'Please enter a correct bank card number'],
      [{ bank_name: '' }, 'Please enter the bank name'],
      [{ bank_name: '   ' }, 'Please enter the bank name'],
      [{ real_name: undefined }, 'Please enter the card holder name'],
    ])('bank card withdrawal with %p -> %p', async (change, msg) => {
      const res = await extract(token, { extract_type: 0, price: '10', ...BANK, ...change });
      expect([res.status, res.body]).toEqual([200, { code: 0, msg, data: null }]);
    });

    it('refuses an unknown network for an on-chain withdrawal', async () => {
      for (const network of ['DOGE', '', undefined]) {
        const res = await extract(token, { extract_type: 1, price: '10', network, blockchain: TRC20_ADDRESS });
        expect(res.body).toEqual({ code: 0, msg: 'Please choose the withdrawal network', data: null });
      }
    });

    it.each([
      ['TRC20', ''],
      ['TRC20', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'],
      ['TRC20', 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gU0'], // 0 is not base58
      ['ERC20', TRC20_ADDRESS],
      ['ERC20', '0x8ba1f109551bD432803012645Ac136ddd64DBA7'],
      ['BEP20', '<script>alert(1)</script>'],
    ])('refuses the %s address %p', async (network, blockchain) => {
      const res = await extract(token, { extract_type: 1, price: '10', network, blockchain });
      expect([res.status, res.body]).toEqual([
        200,
        { code: 0, msg: 'Please enter a correct receiving address', data: null },
      ]);
    });

    it('answers an extract_type outside 0 and 1 (no client builds it) with HTTP 400', async () => {
      const res = await extract(token, { extract_type: 2, price: '10', ...BANK });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^extract_type: /);
    });
  });

  describe('needs a verify_pay of the same session within 5 minutes, used once', () => {
    it('refuses without verify_pay', async () => {
      const token = await funded('100.00');
      const res = await extract(token, { extract_type: 0, price: '10', ...BANK });
      expect(res.body).toEqual({ code: 0, msg: 'Please verify the payment code first', data: null });
      expect(await balance(server, token)).toBe('100.00');
    });

    it('uses a verification up: the second withdrawal needs another verify_pay', async () => {
      const token = await funded('100.00');
      await verifyPay(server, token);
      expect((await extract(token, { extract_type: 0, price: '10', ...BANK })).body.code).toBe(1);
      const again = await extract(token, { extract_type: 0, price: '10', ...BANK });
      expect(again.body).toEqual({ code: 0, msg: 'Please verify the payment code first', data: null });
      await verifyPay(server, token);
      expect((await extract(token, { extract_type: 0, price: '10', ...BANK })).body.code).toBe(1);
      expect(await balance(server, token)).toBe('80.00');
    });

    it('does not count a wrong code, another session or an expired verification', async () => {
      const { token, username } = await newShopper(server);
      await setPayCode(server, token);
      await topUp(server, token, '100.00');
      expect(await verifyPay(server, token, '000000')).toEqual({ code: 0, msg: 'Pay Fail', data: null });
      expect((await extract(token, { extract_type: 0, price: '10', ...BANK })).body.code).toBe(0);

      const otherSession = await loginAs(server, username, 'secret12');
      await verifyPay(server, otherSession);
      expect((await extract(token, { extract_type: 0, price: '10', ...BANK })).body.msg).toBe(
        'Please verify the payment code first',
      );

      await verifyPay(server, token);
      // Five minutes pass (the stored expiry is moved back instead of waiting).
      server.db
        .prepare('UPDATE pay_verifications SET expires_at = expires_at - 301, created_at = created_at - 301')
        .run();
      expect((await extract(token, { extract_type: 0, price: '10', ...BANK })).body.msg).toBe(
        'Please verify the payment code first',
      );
      expect(await balance(server, token)).toBe('100.00');
    });
  });

  it('after the operator refuses it: the held amount returns, the bill shows the return, the record the reason', async () => {
    const token = await funded('200.00');
    await verifyPay(server, token);
    await extract(token, { extract_type: 0, price: '120', ...BANK });
    await verifyPay(server, token);
    await extract(token, { extract_type: 0, price: '30', ...BANK });
    expect(await balance(server, token)).toBe('50.00');
    const [passMe, refuseMe] = (await list<Extract>('/api/user/extract_log', token)).list;
    expect([passMe?.extract_price, refuseMe?.extract_price]).toEqual(['30.00', '120.00']);

    refuseExtract(server.db, refuseMe!.id, 'Card holder name does not match');
    passExtract(server.db, passMe!.id);

    expect(await balance(server, token)).toBe('170.00');
    const log = await list<Extract>('/api/user/extract_log', token);
    expect(log.list.map((e) => [e.extract_price, e.status, e.admin_msg])).toEqual([
      ['30.00', 1, ''],
      ['120.00', 2, 'Card holder name does not match'],
    ]);
    expect((await list<Extract>('/api/user/extract_log?status=2', token)).list.map((e) => e.id)).toEqual([
      refuseMe!.id,
    ]);
    expect((await list<Extract>('/api/user/extract_log?status=0', token)).count).toBe(0);

    const bills = await list<Bill>('/api/user/bill?type=extract', token);
    expect(bills.list.map((b) => [b.title, b.money])).toEqual([
      ['Withdrawal refused: returned', '120.00'],
      ['Withdrawal', '-30.00'],
      ['Withdrawal', '-120.00'],
    ]);
    const ko = await list<Bill>('/api/user/bill?type=extract&limit=1', token, 'han');
    expect(ko.list[0]?.title).toBe('출금 거절: 반환됨');
    expect(await ledgerSumCents(server, token)).toBe(cents('170.00'));
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key returns the first response and withdraws once', async () => {
    const token = await funded('100.00');
    await verifyPay(server, token);
    const key = idemKey();
    const body = { extract_type: 0, price: '25', ...BANK };
    const first = await extract(token, body, key);
    const retry = await extract(token, body, key);
    expect(first.body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await list<Extract>('/api/user/extract_log', token)).count).toBe(1);
    expect(await balance(server, token)).toBe('75.00');
  });

  it('refuses the same key with a different body', async () => {
    const token = await funded('100.00');
    await verifyPay(server, token);
    const key = idemKey();
    expect((await extract(token, { extract_type: 0, price: '25', ...BANK }, key)).body.code).toBe(1);
    await verifyPay(server, token);
    const other = await extract(token, { extract_type: 0, price: '26', ...BANK }, key);
    expect(other.body).toEqual({
      code: 0,
      msg: 'This Idempotency-Key was already used for a different request',
      data: null,
    });
    expect(await balance(server, token)).toBe('75.00');
  });

  it('does not remember a refusal: the same key works once the cause is fixed', async () => {
    const token = await funded('100.00');
    const key = idemKey();
    const body = { extract_type: 0, price: '10', ...BANK };
    expect((await extract(token, body, key)).body.msg).toBe('Please verify the payment code first');
    await verifyPay(server, token);
    expect((await extract(token, body, key)).body.code).toBe(1);
    expect(await balance(server, token)).toBe('90.00');
  });

  it('keys are per user and per operation; a recharge retry records one recharge', async () => {
    const a = await newShopper(server);
    const b = await newShopper(server);
    const key = idemKey();
    const imageA = (await uploadImage(server, a.token)).body.data!.fullurl;
    const imageB = (await uploadImage(server, b.token)).body.data!.fullurl;
    const bodyA = { recharge_type: 1, network: 'TRC20', price: '10', image: imageA };
    expect((await recharge(a.token, bodyA, key)).body.code).toBe(1);
    expect((await recharge(a.token, bodyA, key)).body.code).toBe(1);
    expect((await recharge(b.token, { ...bodyA, image: imageB }, key)).body.code).toBe(1);
    expect((await list<Recharge>('/api/user/recharge_log', a.token)).count).toBe(1);
    expect((await list<Recharge>('/api/user/recharge_log', b.token)).count).toBe(1);
  });
});

describe('verifyPayPassword', () => {
  it('accepts the demo code and refuses a wrong one with Pay Fail (localized)', async () => {
    const token = await loginAs(server);
    expect(await verifyPay(server, token, '123456')).toEqual({ code: 1, msg: 'Success', data: null });
    expect(await verifyPay(server, token, '654321')).toEqual({ code: 0, msg: 'Pay Fail', data: null });
    const zh = await server.call<Env>('/api/user/verify_pay', {
      token,
      lang: 'zh-CN',
      json: { password_pay: '111111' },
    });
    expect(zh.body.msg).toBe('支付密码错误');
    expect(await verifyPay(server, token, '123456')).toEqual({ code: 1, msg: 'Success', data: null });
  });

  it('answers Pay Fail when no payment code is set (have_pay 0)', async () => {
    const { token } = await newShopper(server);
    expect(await verifyPay(server, token, '123456')).toEqual({ code: 0, msg: 'Pay Fail', data: null });
  });

  it('refuses a code that is not 6 digits with HTTP 200, code 0 and the rule', async () => {
    const token = await loginAs(server);
    for (const password_pay of ['12345', '1234567', 'abcdef', '']) {
      const res = await server.call<Env>('/api/user/verify_pay', { token, json: { password_pay } });
      expect([res.status, res.body]).toEqual([
        200,
        { code: 0, msg: 'Payment code must be exactly 6 digits', data: null },
      ]);
    }
    const th = await server.call<Env>('/api/user/verify_pay', { token, json: { password_pay: '1' }, lang: 'tai' });
    expect(th.body.msg).toBe('รหัสชำระเงินต้องเป็นตัวเลข 6 หลัก');
  });

  it('locks for 15 minutes after 5 wrong codes, even the right code; unlocks afterwards', async () => {
    const { token, username } = await newShopper(server);
    await setPayCode(server, token, '246810');
    for (let i = 1; i <= 4; i++) expect((await verifyPay(server, token, '000000')).msg).toBe('Pay Fail');
    const fifth = await verifyPay(server, token, '000000');
    expect(fifth).toEqual({ code: 0, msg: 'Too many wrong payment codes. Try again in 15 minutes', data: null });
    expect(await verifyPay(server, token, '246810')).toEqual(fifth);
    // Another session of the same user is locked too, and so is changing the code with the old one.
    const other = await loginAs(server, username, 'secret12');
    const ja = await server.call<Env>('/api/user/verify_pay', {
      token: other,
      lang: 'ri',
      json: { password_pay: '246810' },
    });
    expect(ja.body.msg).toBe('支払いコードの誤りが多すぎます。15 分後にもう一度お試しください');
    const change = await server.call<Env>('/api/user/resetPay', {
      token,
      json: { oldpassword: '246810', newpassword: '135790', is_verify: 1 },
    });
    expect(change.body.msg).toBe(fifth.msg);

    // 15 minutes pass (the stored lock is moved back instead of waiting).
    server.db.prepare('UPDATE pay_code_guards SET locked_until = locked_until - 900').run();
    expect(await verifyPay(server, token, '246810')).toEqual({ code: 1, msg: 'Success', data: null });
  });

  it('a success resets the count of wrong codes', async () => {
    const { token } = await newShopper(server);
    await setPayCode(server, token, '112233');
    for (let i = 0; i < 4; i++) await verifyPay(server, token, '000000');
    expect((await verifyPay(server, token, '112233')).code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await verifyPay(server, token, '000000')).msg).toBe('Pay Fail');
  });

  it('counts parallel guesses: 10 at once get at most 5 checks', async () => {
    const { token } = await newShopper(server);
    await setPayCode(server, token, '975310');
    const guesses = [
      '000000',
      '111111',
      '222222',
      '333333',
      '444444',
      '555555',
      '666666',
      '777777',
      '888888',
      '975310',
    ];
    const answers = await Promise.all(guesses.map((g) => verifyPay(server, token, g)));
    expect(answers.filter((a) => a.msg === 'Pay Fail').length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.msg.startsWith('Too many wrong payment codes')).length).toBeGreaterThanOrEqual(5);
  });
});

describe('resetPayPassword', () => {
  it('sets the first code without the old one (with the login password); have_pay becomes 1 and the code works', async () => {
    const { token } = await newShopper(server);
    const before = await server.call<Env<{ have_pay: number }>>('/api/user/getUserInfo', { token });
    expect(before.body.data.have_pay).toBe(0);
    const res = await server.call<Env>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: '864213', is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expect(res.body).toEqual({ code: 1, msg: 'Setting Success', data: null });
    const after = await server.call<Env<{ have_pay: number }>>('/api/user/getUserInfo', { token });
    expect(after.body.data.have_pay).toBe(1);
    expect((await verifyPay(server, token, '864213')).code).toBe(1);
  });

  it('changes the code with the correct old one; the old code stops working', async () => {
    const { token } = await newShopper(server);
    await setPayCode(server, token, '111222');
    const res = await server.call<Env>('/api/user/resetPay', {
      token,
      json: { oldpassword: '111222', newpassword: '333444', is_verify: 1 },
    });
    expect(res.body).toEqual({ code: 1, msg: 'Change Successful', data: null });
    expect((await verifyPay(server, token, '111222')).msg).toBe('Pay Fail');
    expect((await verifyPay(server, token, '333444')).code).toBe(1);
  });

  it('refuses a change without the old code, with a wrong old code, or to the same code', async () => {
    const { token } = await newShopper(server);
    await setPayCode(server, token, '121212');
    const call = (json: Record<string, unknown>, lang?: string) =>
      server.call<Env>('/api/user/resetPay', { token, json, lang });
    expect((await call({ oldpassword: '', newpassword: '343434', is_verify: 0 })).body).toEqual({
      code: 0,
      msg: 'Please enter the current payment code',
      data: null,
    });
    expect((await call({ oldpassword: '999999', newpassword: '343434', is_verify: 1 })).body).toEqual({
      code: 0,
      msg: 'Incorrect payment code',
      data: null,
    });
    expect((await call({ oldpassword: '121212', newpassword: '121212', is_verify: 1 })).body).toEqual({
      code: 0,
      msg: 'New password must be different from the old one',
      data: null,
    });
    expect((await call({ oldpassword: '121212', newpassword: '121212', is_verify: 1 }, 'han')).body.msg).toBe(
      '새 비밀번호는 기존 비밀번호와 달라야 합니다',
    );
    expect((await verifyPay(server, token, '121212')).code).toBe(1);
  });

  it('needs exactly 6 digits', async () => {
    const { token } = await newShopper(server);
    for (const newpassword of ['12345', '1234567', '12345a', '']) {
      const res = await server.call<Env>('/api/user/resetPay', {
        token,
        json: { oldpassword: '', newpassword, is_verify: 0 },
      });
      expect([res.status, res.body]).toEqual([
        200,
        { code: 0, msg: 'Payment code must be exactly 6 digits', data: null },
      ]);
    }
  });

  it('voids a verification made with the old code', async () => {
    const token = await funded('10.00');
    await verifyPay(server, token);
    await server.call<Env>('/api/user/resetPay', {
      token,
      json: { oldpassword: '123456', newpassword: '654321', is_verify: 1 },
    });
    expect((await extract(token, { extract_type: 0, price: '10', ...BANK })).body.msg).toBe(
      'Please verify the payment code first',
    );
  });

  it('needs the token', async () => {
    const res = await server.call<Env>('/api/user/resetPay', {
      json: { oldpassword: '', newpassword: '123456', is_verify: 0 },
    });
    expect(res.status).toBe(401);
  });
});

describe('listBills', () => {
  it('shows the demo opening balance; entries sum to the balance', async () => {
    const token = await loginAs(server);
    const bills = await list<Bill>('/api/user/bill?type=recharge', token);
    expect(bills.list.at(-1)).toMatchObject({ title: 'Opening balance', type: 'recharge', money: '1000.00' });
    const zh = await list<Bill>('/api/user/bill?type=recharge', token, 'zh-CN');
    expect(zh.list.at(-1)?.title).toBe('期初余额');
    expect(await ledgerSumCents(server, token)).toBe(cents(await balance(server, token)));
  });

  it('lists every change newest first, filters by type, pages, and sums to the balance', async () => {
    const token = await funded('300.00');
    await topUp(server, token, '0.45');
    await verifyPay(server, token);
    await extract(token, { extract_type: 0, price: '100.10', ...BANK });
    const [held] = (await list<Extract>('/api/user/extract_log', token)).list;
    refuseExtract(server.db, held!.id, 'Bank rejected the transfer');

    const all = await list<Bill>('/api/user/bill', token);
    expect(all.count).toBe(4);
    expect(all.list.map((b) => [b.type, b.title, b.money])).toEqual([
      ['extract', 'Withdrawal refused: returned', '100.10'],
      ['extract', 'Withdrawal', '-100.10'],
      ['recharge', 'Top up', '0.45'],
      ['recharge', 'Top up', '300.00'],
    ]);
    const ids = all.list.map((b) => b.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect((await list<Bill>('/api/user/bill?type=recharge', token)).count).toBe(2);
    expect((await list<Bill>('/api/user/bill?type=pay', token)).count).toBe(0);
    expect((await list<Bill>('/api/user/bill?type=refund', token)).count).toBe(0);
    const page2 = await list<Bill>('/api/user/bill?type=all&page=2&limit=3', token);
    expect(page2.list.map((b) => b.money)).toEqual(['300.00']);
    expect(await balance(server, token)).toBe('300.45');
    expect(await ledgerSumCents(server, token)).toBe(30045);

    const th = await list<Bill>('/api/user/bill?limit=2', token, 'tai');
    expect(th.list.map((b) => b.title)).toEqual(['การถอนเงินถูกปฏิเสธ: คืนเงินแล้ว', 'ถอนเงิน']);
  });

  it('refuses an unknown type with a 400 naming the field', async () => {
    const token = await loginAs(server);
    const res = await server.call<Env>('/api/user/bill?type=bonus', { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^type: /);
  });

  it('a shopper sees only their own records', async () => {
    const a = await funded('10.00');
    const b = await newShopper(server);
    expect((await list<Bill>('/api/user/bill', b.token)).count).toBe(0);
    expect((await list<Recharge>('/api/user/recharge_log', b.token)).count).toBe(0);
    expect((await list<Bill>('/api/user/bill', a)).count).toBe(1);
  });
});
