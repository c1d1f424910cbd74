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
  uploadImage,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';

const BANK = { bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Test Shopper' };

// Dozens of logins and scrypt checks per test; generous under a parallel jest run.
jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const extract = (token: string, price: string, key = idemKey()) =>
  server.call<Env>('/api/user/extract', {
    token,
    headers: { 'Idempotency-Key': key },
    json: { extract_type: 0, price, ...BANK },
  });

async function extractCount(token: string): Promise<number> {
  return (await server.call<Env<{ count: number }>>('/api/user/extract_log', { token })).body.data.count;
}

/** `n` sessions of one shopper, each with its own fresh verify_pay. */
async function verifiedSessions(username: string, n: number): Promise<string[]> {
  const tokens = await Promise.all(Array.from({ length: n }, () => loginAs(server, username, 'secret12')));
  for (const token of tokens) expect(await verifyPay(server, token)).toMatchObject({ code: 1 });
  return tokens;
}

describe('concurrent withdrawals over real HTTP', () => {
  it('20 withdrawals of 150.00 at once against 1000.00: 6 succeed, 14 refused, balance 100.00 = ledger sum, never negative', async () => {
    const { token, username } = await newShopper(server, 'cc');
    await setPayCode(server, token);
    await topUp(server, token, '1000.00');
    const sessions = await verifiedSessions(username, 20);

    const answers = await Promise.all(sessions.map((s) => extract(s, '150.00')));

    const ok = answers.filter((a) => a.body.code === 1);
    const refused = answers.filter((a) => a.body.code === 0);
    const expected = Math.floor(100000 / 15000);
    const final = await balance(server, token);
    const ledger = await ledgerSumCents(server, token);
    console.log(
      `concurrency: ${ok.length} of 20 withdrawals of 150.00 succeeded (expected floor(1000.00 / 150.00) = ${expected}); ` +
        `final balance ${final}; ledger sum ${(ledger / 100).toFixed(2)}`,
    );
    expect(ok.length).toBe(expected);
    expect(refused.map((a) => a.body.msg)).toEqual(
      Array(20 - expected).fill('Draw amount cannot be larger than balance'),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(final).toBe('100.00');
    expect(ledger).toBe(cents(final));
    expect(await extractCount(token)).toBe(expected);
    // The ledger never shows a negative balance after any entry.
    const negative = server.db
      .prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM bills b JOIN users u ON u.id = b.user_id WHERE u.username = ? AND b.balance_after_cents < 0',
      )
      .get(username);
    expect(negative?.n).toBe(0);
  });

  it('20 withdrawals of 50.00 at once against exactly 1000.00: all 20 succeed and the balance ends at 0.00', async () => {
    const { token, username } = await newShopper(server, 'cx');
    await setPayCode(server, token);
    await topUp(server, token, '1000.00');
    const sessions = await verifiedSessions(username, 20);
    const answers = await Promise.all(sessions.map((s) => extract(s, '50.00')));
    expect(answers.filter((a) => a.body.code === 1).length).toBe(20);
    expect(await balance(server, token)).toBe('0.00');
    expect(await ledgerSumCents(server, token)).toBe(0);
    // One more is refused.
    await verifyPay(server, token);
    expect((await extract(token, '10.00')).body.msg).toBe('Draw amount cannot be larger than balance');
  });

  it('mixed amounts from one session with 20 verifications: successes never exceed the balance', async () => {
    const { token } = await newShopper(server, 'cm');
    await setPayCode(server, token);
    await topUp(server, token, '500.00');
    for (let i = 0; i < 20; i++) await verifyPay(server, token);
    const prices = Array.from({ length: 20 }, (_, i) => `${10 + i * 7}.${String(i * 3).padStart(2, '0')}`);
    const answers = await Promise.all(prices.map((p) => extract(token, p)));
    const withdrawn = prices.filter((_, i) => answers[i]!.body.code === 1).reduce((s, p) => s + cents(p), 0);
    const final = await balance(server, token);
    expect(withdrawn).toBeLessThanOrEqual(50000);
    expect(cents(final)).toBe(50000 - withdrawn);
    expect(cents(final)).toBeGreaterThanOrEqual(0);
    expect(await ledgerSumCents(server, token)).toBe(cents(final));
    // Every refused one would have overdrawn the balance left at its turn.
    for (const a of answers.filter((x) => x.body.code === 0)) {
      expect(a.body.msg).toBe('Draw amount cannot be larger than balance');
    }
  });
});

describe('the same Idempotency-Key', () => {
  it('twice in a row: one withdrawal, one debit, the same answer', async () => {
    const { token } = await newShopper(server, 'ci');
    await setPayCode(server, token);
    await topUp(server, token, '100.00');
    await verifyPay(server, token);
    const key = idemKey();
    const first = await extract(token, '40.00', key);
    const second = await extract(token, '40.00', key);
    expect(first.body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(second.body).toEqual(first.body);
    expect(await extractCount(token)).toBe(1);
    expect(await balance(server, token)).toBe('60.00');
  });

  it('10 times at once: one withdrawal, one debit, every answer the same, one verification used', async () => {
    const { token } = await newShopper(server, 'cj');
    await setPayCode(server, token);
    await topUp(server, token, '100.00');
    await verifyPay(server, token);
    await verifyPay(server, token);
    const key = idemKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => extract(token, '40.00', key)));
    for (const a of answers) expect(a.body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length).toBe(9);
    expect(await extractCount(token)).toBe(1);
    expect(await balance(server, token)).toBe('60.00');
    expect(await ledgerSumCents(server, token)).toBe(6000);
    // The second verification is still there for a new withdrawal.
    expect((await extract(token, '60.00')).body.code).toBe(1);
    expect(await balance(server, token)).toBe('0.00');
  });

  it('a recharge sent 5 times at once with one key is recorded once', async () => {
    const { token } = await newShopper(server, 'ck');
    const image = (await uploadImage(server, token)).body.data!.fullurl;
    const key = idemKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call<Env>('/api/user/recharge', {
          token,
          headers: { 'Idempotency-Key': key },
          json: { recharge_type: 1, network: 'TRC20', price: '25', image },
        }),
      ),
    );
    for (const a of answers) expect(a.body).toEqual({ code: 1, msg: 'Application successful', data: null });
    const log = await server.call<Env<{ count: number }>>('/api/user/recharge_log', { token });
    expect(log.body.data.count).toBe(1);
  });
});
