/** @jest-environment node */
/**
 * Passkeys against the reference server with a software authenticator (Node's crypto, the answers a
 * WebAuthn device gives): adding one, signing in with it, confirming a payment and a withdrawal with
 * it, and every refusal: a replayed answer, another user's or another order's challenge, a changed
 * amount, an expired challenge, a removed passkey, a counter that went back, an unverified user, a
 * wrong origin, the login-like throttling.
 */
import { sha256Hex } from '../../server/src/platform/auth/secrets';
import { SoftAuthenticator } from '../../server/src/tools/testing/soft-authenticator';
import { TEA, ADDRESS } from '../../server/src/tools/testing/orders';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  cents,
  idemKey,
  ledgerSumCents,
  newShopper,
  setPayCode,
  SHOPPER_PASSWORD,
  topUp,
  type Env,
} from '../../server/src/tools/testing/wallet';

type Json = Record<string, unknown>;
type CreationOptions = Parameters<SoftAuthenticator['create']>[0];
type RequestOptions = Parameters<SoftAuthenticator['get']>[0];

interface PasskeyView {
  id: number;
  name: string;
  credential_id: string;
  createtime: string;
  lastusetime: string | null;
  backed_up: number;
}

let server: TestServer;
/** Seconds the server's clock runs ahead (passkey challenges and order deadlines). */
let clockOffset = 0;
beforeAll(async () => {
  server = await startTestServer({ clock: () => Math.floor(Date.now() / 1000) + clockOffset });
});
afterAll(() => server.stop());
afterEach(() => {
  clockOffset = 0;
});

const post = <T = null>(path: string, token: string | undefined, json: unknown, lang?: string) =>
  server.call<Env<T>>(path, { token, json, lang });
const refusal = (msg: string) => ({ code: 0, msg, data: null });

/** A shopper who just logged in, and their device. */
async function shopperWithDevice(prefix: string) {
  const { token, username } = await newShopper(server, prefix);
  return { token, username, device: new SoftAuthenticator() };
}

/** Adds a passkey from `device` to the account of `token` (a fresh session: no password asked). */
async function addPasskey(token: string, device: SoftAuthenticator, name = 'Test phone', origin = server.baseUrl) {
  const options = await post<CreationOptions>('/api/user/passkey/register_options', token, {
    password: SHOPPER_PASSWORD,
  });
  expect(options.body.code).toBe(1);
  const response = device.create(options.body.data, origin);
  return post<PasskeyView>('/api/user/passkey/register', token, { name, response });
}

const passkeyList = async (token: string) =>
  (await server.call<Env<{ count: number; list: PasskeyView[] }>>('/api/user/passkey/list', { token })).body.data;

async function signIn(device: SoftAuthenticator, credentialId?: string, origin = server.baseUrl) {
  const options = await post<RequestOptions>('/api/user/passkey/login_options', undefined, {});
  expect(options.body.code).toBe(1);
  const response = device.get(options.body.data, origin, credentialId);
  return {
    response,
    answer: await post<{ userinfo: { token: string } }>('/api/user/passkey/login', undefined, { response }),
  };
}

describe('adding a passkey', () => {
  it('asks the device for a discoverable, user-verified credential with no attestation, and lists it', async () => {
    const { token, username, device } = await shopperWithDevice('pk');
    const options = await post<CreationOptions & Json>('/api/user/passkey/register_options', token, {
      password: SHOPPER_PASSWORD,
    });
    expect(options.body).toMatchObject({
      code: 1,
      data: {
        rp: { id: '127.0.0.1' },
        user: { name: username },
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        excludeCredentials: [],
      },
    });
    // The user handle is random, not the account's id.
    expect((options.body.data.user as { id: string }).id.length).toBeGreaterThanOrEqual(40);

    const added = await post<PasskeyView>('/api/user/passkey/register', token, {
      name: '  My   iPhone ',
      response: device.create(options.body.data, server.baseUrl),
    });
    expect(added.body).toMatchObject({
      code: 1,
      msg: 'Passkey added',
      data: { name: 'My iPhone', credential_id: device.credentials[0]!.id, lastusetime: null, backed_up: 1 },
    });
    expect(await passkeyList(token)).toEqual({ count: 1, list: [added.body.data] });
    const info = await server.call<Env<{ passkeys: number }>>('/api/user/getUserInfo', { token });
    expect(info.body.data.passkeys).toBe(1);

    // The same device again: the server excludes it, the device refuses, and a second answer is refused too.
    const again = await post<CreationOptions>('/api/user/passkey/register_options', token, {
      password: SHOPPER_PASSWORD,
    });
    expect(again.body.data.excludeCredentials).toEqual([
      { id: device.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    expect(() => device.create(again.body.data, server.baseUrl)).toThrow(
      expect.objectContaining({ name: 'InvalidStateError' }),
    );
  });

  it('asks for the login password: a token alone adds no passkey, also a moment after the login', async () => {
    const { token, device } = await shopperWithDevice('pk');
    const none = await post('/api/user/passkey/register_options', token, {});
    expect(none.body).toEqual(refusal('Please enter your login password'));
    const forged = await post('/api/user/passkey/register_options', token, { grant: 'not-the-grant' });
    expect(forged.body).toEqual(refusal('Please enter your login password'));
    const wrong = await post('/api/user/passkey/register_options', token, { password: 'guess123' }, 'zh-CN');
    expect(wrong.body).toEqual(refusal('登录密码错误'));
    const right = await post<CreationOptions>('/api/user/passkey/register_options', token, {
      password: SHOPPER_PASSWORD,
    });
    expect(right.body.code).toBe(1);
    const added = await post('/api/user/passkey/register', token, {
      name: 'Laptop',
      response: device.create(right.body.data, server.baseUrl),
    });
    expect(added.body.code).toBe(1);
  });

  it("adds one passkey with the login's grant instead of the password, within 10 minutes, in that session only", async () => {
    const { username } = await shopperWithDevice('pk');
    const login = async () =>
      (
        await server.call<Env<{ userinfo: { token: string; passkey_grant: string } }>>('/api/user/login', {
          json: { account: username, password: SHOPPER_PASSWORD },
        })
      ).body.data.userinfo;
    const { token, passkey_grant: grant } = await login();
    expect(grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another session's grant is not this one's.
    const other = await login();
    expect((await post('/api/user/passkey/register_options', other.token, { grant })).body).toEqual(
      refusal('Please enter your login password'),
    );

    const device = new SoftAuthenticator();
    const first = await post<CreationOptions>('/api/user/passkey/register_options', token, { grant });
    expect(first.body.code).toBe(1);
    // Cancelled on the device, asked again: the grant is still there until a passkey is added.
    const second = await post<CreationOptions>('/api/user/passkey/register_options', token, { grant });
    expect(second.body.code).toBe(1);
    const added = await post('/api/user/passkey/register', token, {
      name: 'Phone',
      response: device.create(second.body.data, server.baseUrl),
    });
    expect(added.body.code).toBe(1);
    // Used up: one passkey per login.
    expect((await post('/api/user/passkey/register_options', token, { grant })).body).toEqual(
      refusal('Please enter your login password'),
    );

    // Expired after 10 minutes.
    const late = await login();
    server.db.prepare('UPDATE sessions SET passkey_grant_until = ? WHERE token_hash = ?').run(1, sha256Hex(late.token));
    expect((await post('/api/user/passkey/register_options', late.token, { grant: late.passkey_grant })).body).toEqual(
      refusal('Please enter your login password'),
    );

    // A session a passkey opened has no grant.
    const signedIn = await signIn(device);
    expect(signedIn.answer.body.data.userinfo).not.toHaveProperty('passkey_grant');
  });

  it('refuses a missing or long name, an answer without user verification, another origin, a replay', async () => {
    const { token } = await shopperWithDevice('pk');
    const options = async () =>
      (await post<CreationOptions>('/api/user/passkey/register_options', token, { password: SHOPPER_PASSWORD })).body
        .data;

    const device = new SoftAuthenticator();
    expect(
      (
        await post('/api/user/passkey/register', token, {
          name: ' ',
          response: device.create(await options(), server.baseUrl),
        })
      ).body,
    ).toEqual(refusal('Please name the passkey'));
    expect(
      (
        await post('/api/user/passkey/register', token, {
          name: 'x'.repeat(41),
          response: device.create(await options(), server.baseUrl),
        })
      ).body,
    ).toEqual(refusal('The name can have at most 40 characters'));

    const unverified = new SoftAuthenticator({ userVerified: false });
    const noUv = await post('/api/user/passkey/register', token, {
      name: 'No lock',
      response: unverified.create(await options(), server.baseUrl),
    });
    expect(noUv.body).toEqual(refusal('The passkey could not be verified'));

    const phishing = await post('/api/user/passkey/register', token, {
      name: 'Fake page',
      response: new SoftAuthenticator().create(await options(), 'https://orbit-market.example.net'),
    });
    expect(phishing.body).toEqual(refusal('The passkey could not be verified'));

    const response = new SoftAuthenticator().create(await options(), server.baseUrl);
    expect((await post('/api/user/passkey/register', token, { name: 'Once', response })).body.code).toBe(1);
    expect((await post('/api/user/passkey/register', token, { name: 'Twice', response })).body).toEqual(
      refusal('This passkey request was already used or is not valid. Please try again'),
    );
    expect((await passkeyList(token)).list.map((p) => p.name)).toEqual(['Once']);
  });

  it('refuses a challenge of another session, and keeps at most 10 passkeys', async () => {
    const a = await shopperWithDevice('pk');
    const b = await shopperWithDevice('pk');
    const options = await post<CreationOptions>('/api/user/passkey/register_options', a.token, {
      password: SHOPPER_PASSWORD,
    });
    const stolen = await post('/api/user/passkey/register', b.token, {
      name: 'Not mine',
      response: b.device.create(options.body.data, server.baseUrl),
    });
    expect(stolen.body).toEqual(refusal('This passkey request was already used or is not valid. Please try again'));

    for (let i = 0; i < 10; i++)
      expect((await addPasskey(a.token, new SoftAuthenticator(), `Key ${i}`)).body.code).toBe(1);
    // Refused before the device is asked to make one (it would keep a passkey the shop does not).
    const eleventh = await post('/api/user/passkey/register_options', a.token, { password: SHOPPER_PASSWORD });
    expect(eleventh.body).toEqual(refusal('You can keep at most 10 passkeys. Remove one first'));
  });
});

describe('signing in with a passkey', () => {
  it('opens a session like login, once per answer, and records the use', async () => {
    const { token, username, device } = await shopperWithDevice('pk');
    await addPasskey(token, device);
    const { response, answer } = await signIn(device);
    expect(answer.body).toMatchObject({ code: 1, msg: 'Login Success', data: { userinfo: { username } } });
    const newToken = answer.body.data.userinfo.token;
    const me = await server.call<Env<{ username: string }>>('/api/user/getUserInfo', { token: newToken });
    expect(me.body.data.username).toBe(username);
    expect((await passkeyList(token)).list[0]!.lastusetime).toEqual(expect.any(String));

    const replay = await post('/api/user/passkey/login', undefined, { response });
    expect(replay.body).toEqual(refusal('This passkey request was already used or is not valid. Please try again'));
  });

  it('refuses a removed passkey, a counter that went back, an expired challenge and another origin', async () => {
    const { token, device } = await shopperWithDevice('pk');
    const added = await addPasskey(token, device);
    expect((await signIn(device)).answer.body.code).toBe(1);
    expect((await signIn(device)).answer.body.code).toBe(1);

    // A copy of the passkey whose counter is behind the one the server saw last.
    device.setCounter(device.credentials[0]!.id, 0);
    expect((await signIn(device)).answer.body).toEqual(
      refusal('This passkey was refused: its signature counter went back, so it may have been copied'),
    );

    const late = await post<RequestOptions>('/api/user/passkey/login_options', undefined, {});
    clockOffset = 5 * 60 + 1;
    const expired = await post('/api/user/passkey/login', undefined, {
      response: device.get(late.body.data, server.baseUrl),
    });
    expect(expired.body).toEqual(refusal('This passkey request has expired. Please try again'));
    clockOffset = 0;

    expect((await signIn(device, undefined, 'https://orbit-market.example.net')).answer.body).toEqual(
      refusal('The passkey could not be verified'),
    );

    const removed = await post('/api/user/passkey/delete', token, {
      id: added.body.data!.id,
      password: SHOPPER_PASSWORD,
    });
    expect(removed.body).toEqual({ code: 1, msg: 'Delete Success', data: null });
    const after = await signIn(device, undefined);
    expect(after.answer.body).toEqual(
      refusal('This passkey was removed from your account. Sign in with your password'),
    );
    expect((await post('/api/user/passkey/login', undefined, { response: after.response }, 'han')).body).toEqual(
      refusal('이 패스키 요청은 이미 사용되었거나 유효하지 않습니다. 다시 시도해 주세요'),
    );
  });

  it('accepts a synced passkey that keeps no counter (0 every time)', async () => {
    const { token } = await shopperWithDevice('pk');
    const synced = new SoftAuthenticator({ counts: false });
    await addPasskey(token, synced);
    expect((await signIn(synced)).answer.body.code).toBe(1);
    expect((await signIn(synced)).answer.body.code).toBe(1);
  });
});

describe('removing a passkey', () => {
  it('ends the other sessions it opened and voids the payments it confirmed but were not made', async () => {
    const { token, device } = await shopperWithDevice('pk');
    await setPayCode(server, token);
    const added = await addPasskey(token, device);
    const elsewhere = (await signIn(device)).answer.body.data.userinfo.token;
    const options = await post<{ options: RequestOptions }>('/api/user/passkey/pay_options', elsewhere, {
      action: 'extract',
      extract_type: 0,
      price: '20.00',
      bank_card: '6222020200112233445',
      bank_name: 'Example Bank',
      real_name: 'Test',
    });
    expect(
      (
        await post('/api/user/passkey/verify_pay', elsewhere, {
          response: device.get(options.body.data.options, server.baseUrl),
        })
      ).body.code,
    ).toBe(1);
    // A payment code's authorization of this session stays.
    expect((await post('/api/user/verify_pay', token, { password_pay: '123456' })).body.code).toBe(1);

    const removed = await post('/api/user/passkey/delete', token, {
      id: added.body.data!.id,
      password: SHOPPER_PASSWORD,
    });
    expect(removed.body.code).toBe(1);
    const gone = await server.call<Env>('/api/user/getUserInfo', { token: elsewhere });
    expect(gone.status).toBe(401);
    expect((await server.call<Env>('/api/user/getUserInfo', { token })).body.code).toBe(1);
    const live = server.db
      .prepare<[], { n: number }>(
        'SELECT COUNT(*) AS n FROM pay_verifications WHERE used_at IS NULL AND passkey_id IS NOT NULL',
      )
      .get();
    expect(live?.n).toBe(0);
  });

  it('asks for the login password and removes only the caller’s own', async () => {
    const a = await shopperWithDevice('pk');
    const b = await shopperWithDevice('pk');
    const added = await addPasskey(a.token, a.device);
    const id = added.body.data!.id;
    expect((await post('/api/user/passkey/delete', a.token, { id })).body).toEqual(
      refusal('Please enter your login password'),
    );
    expect((await post('/api/user/passkey/delete', a.token, { id, password: 'guess123' })).body).toEqual(
      refusal('The login password is incorrect'),
    );
    expect((await post('/api/user/passkey/delete', b.token, { id, password: SHOPPER_PASSWORD })).body).toEqual(
      refusal('Passkey not found'),
    );
    expect((await passkeyList(a.token)).count).toBe(1);
    expect((await post('/api/user/passkey/delete', a.token, { id, password: SHOPPER_PASSWORD })).body.code).toBe(1);
    expect(await passkeyList(a.token)).toEqual({ count: 0, list: [] });
  });
});

describe('confirming a payment with a passkey', () => {
  interface Buyer {
    token: string;
    device: SoftAuthenticator;
    addressId: number;
  }

  async function buyer(): Promise<Buyer> {
    const { token, device } = await shopperWithDevice('pp');
    await setPayCode(server, token);
    await topUp(server, token, '300.00');
    await addPasskey(token, device);
    await post('/api/user/address_add', token, ADDRESS);
    const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
    return { token, device, addressId: list.body.data.list[0]!.address_id };
  }

  /** Buys 2 green teas now (12.50 each): one unpaid order; its payment number and id. */
  async function order(b: Buyer): Promise<{ outTradeNo: string; orderId: number; total: string }> {
    const res = await server.call<Env<{ out_trade_no: string; total_price: string }>>('/api/order/merSubmit', {
      token: b.token,
      json: { address_id: b.addressId, ...TEA, number: 2 },
      headers: { 'Idempotency-Key': idemKey() },
    });
    const outTradeNo = res.body.data.out_trade_no;
    const row = server.db
      .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
      .get(outTradeNo)!;
    return { outTradeNo, orderId: row.id, total: res.body.data.total_price };
  }

  const payOptions = (b: Buyer, json: Json) =>
    post<{ options: RequestOptions; amount: string }>('/api/user/passkey/pay_options', b.token, json);
  const confirm = (b: Buyer, response: unknown, token = b.token) =>
    post('/api/user/passkey/verify_pay', token, { response });
  const payNew = (b: Buyer, outTradeNo: string) =>
    server.call<Env>('/api/order/merPay', {
      token: b.token,
      json: { out_trade_no: outTradeNo },
      headers: { 'Idempotency-Key': idemKey() },
    });

  it('pays a new order once: the challenge names it and its amount, the balance and the ledger move once', async () => {
    const b = await buyer();
    const { outTradeNo, total } = await order(b);
    const before = await balance(server, b.token);
    const options = await payOptions(b, { action: 'pay_new', out_trade_no: outTradeNo });
    expect(options.body).toMatchObject({ code: 1, data: { amount: total } });
    expect(options.body.data.options.allowCredentials).toEqual([
      expect.objectContaining({ id: b.device.credentials[0]!.id }),
    ]);

    const response = b.device.get(options.body.data.options, server.baseUrl);
    expect((await confirm(b, response)).body).toEqual({ code: 1, msg: 'Success', data: null });
    expect((await payNew(b, outTradeNo)).body).toEqual({ code: 1, msg: 'Pay Success', data: null });
    expect(cents(await balance(server, b.token))).toBe(cents(before) - cents(total));
    expect(await ledgerSumCents(server, b.token)).toBe(cents(await balance(server, b.token)));

    // The same answer again: refused, and nothing is left to pay with it.
    expect((await confirm(b, response)).body).toEqual(
      refusal('This passkey request was already used or is not valid. Please try again'),
    );
    const second = await order(b);
    expect((await payNew(b, second.outTradeNo)).body).toEqual(refusal('Please verify the payment code first'));
  });

  it('authorizes only the order it named: another order is refused, the named one pays', async () => {
    const b = await buyer();
    const first = await order(b);
    const other = await order(b);
    const options = await payOptions(b, { action: 'pay_order', order_id: first.orderId });
    expect((await confirm(b, b.device.get(options.body.data.options, server.baseUrl))).body.code).toBe(1);

    const wrong = await server.call<Env>('/api/user/pay', {
      token: b.token,
      json: { order_id: other.orderId },
      headers: { 'Idempotency-Key': idemKey() },
    });
    expect(wrong.body).toEqual(refusal('This confirmation was for another payment. Please confirm again'));
    const right = await server.call<Env>('/api/user/pay', {
      token: b.token,
      json: { order_id: first.orderId },
      headers: { 'Idempotency-Key': idemKey() },
    });
    expect(right.body.code).toBe(1);
  });

  it('refuses a challenge of another user, and a passkey of another account', async () => {
    const a = await buyer();
    const b = await buyer();
    const { outTradeNo } = await order(a);
    const options = await payOptions(a, { action: 'pay_new', out_trade_no: outTradeNo });
    // B's device answers A's challenge, sent from B's session: not B's challenge.
    const stolen = b.device.get({ ...options.body.data.options, allowCredentials: [] }, server.baseUrl);
    expect((await confirm(b, stolen)).body).toEqual(
      refusal('This passkey request was already used or is not valid. Please try again'),
    );
    // ... and from A's session: not A's passkey.
    const again = await payOptions(a, { action: 'pay_new', out_trade_no: outTradeNo });
    const foreign = b.device.get({ ...again.body.data.options, allowCredentials: [] }, server.baseUrl);
    expect((await confirm(a, foreign)).body).toEqual(refusal('This passkey belongs to another account'));
    expect((await payNew(a, outTradeNo)).body).toEqual(refusal('Please verify the payment code first'));
  });

  it('refuses an expired challenge, a removed passkey, a counter that went back', async () => {
    const b = await buyer();
    const { outTradeNo } = await order(b);
    const late = await payOptions(b, { action: 'pay_new', out_trade_no: outTradeNo });
    clockOffset = 5 * 60 + 1;
    expect((await confirm(b, b.device.get(late.body.data.options, server.baseUrl))).body).toEqual(
      refusal('This passkey request has expired. Please try again'),
    );
    clockOffset = 0;

    // The server last saw counter 2 (a sign-in after the expired answer); a copy sends 1.
    expect((await signIn(b.device)).answer.body.code).toBe(1);
    b.device.setCounter(b.device.credentials[0]!.id, 0);
    const copied = await payOptions(b, { action: 'pay_new', out_trade_no: outTradeNo });
    expect((await confirm(b, b.device.get(copied.body.data.options, server.baseUrl))).body).toEqual(
      refusal('This passkey was refused: its signature counter went back, so it may have been copied'),
    );

    const pending = await payOptions(b, { action: 'pay_new', out_trade_no: outTradeNo });
    const id = (await passkeyList(b.token)).list[0]!.id;
    await post('/api/user/passkey/delete', b.token, { id, password: SHOPPER_PASSWORD });
    expect((await confirm(b, b.device.get(pending.body.data.options, server.baseUrl))).body).toEqual(
      refusal('This passkey was removed from your account'),
    );
    expect((await payOptions(b, { action: 'pay_new', out_trade_no: outTradeNo })).body).toEqual(
      refusal('Add a passkey in Security first'),
    );
    expect((await payNew(b, outTradeNo)).body).toEqual(refusal('Please verify the payment code first'));
  });

  it('names nothing that cannot be paid', async () => {
    const b = await buyer();
    const { orderId } = await order(b);
    expect((await post('/api/order/cancel', b.token, { order_id: orderId })).body.code).toBe(1);
    expect((await payOptions(b, { action: 'pay_order', order_id: orderId })).body).toEqual(
      refusal('This order cannot be paid'),
    );
    expect((await payOptions(b, { action: 'pay_new', out_trade_no: 'PT-NOT-MINE' })).body).toEqual(
      refusal('Order not found'),
    );
  });

  it('withdraws exactly what it confirmed: another amount or card is refused, the confirmed one is held once', async () => {
    const b = await buyer();
    const card = { extract_type: 0, bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Test' };
    const options = await payOptions(b, { action: 'extract', price: '20.00', ...card });
    expect(options.body.data.amount).toBe('20.00');
    expect((await confirm(b, b.device.get(options.body.data.options, server.baseUrl))).body.code).toBe(1);

    const extract = (json: Json) =>
      server.call<Env>('/api/user/extract', { token: b.token, json, headers: { 'Idempotency-Key': idemKey() } });
    expect((await extract({ ...card, price: '30.00' })).body).toEqual(
      refusal('The amount has changed. Please confirm again'),
    );
    expect((await extract({ ...card, price: '20.00', bank_card: '6222020200112233999' })).body).toEqual(
      refusal('This confirmation was for another payment. Please confirm again'),
    );
    expect(await balance(server, b.token)).toBe('300.00');
    expect((await extract({ ...card, price: '20.00' })).body).toEqual({ code: 1, msg: 'Draw Success', data: null });
    expect(await balance(server, b.token)).toBe('280.00');
    expect((await extract({ ...card, price: '20.00' })).body).toEqual(refusal('Please verify the payment code first'));
  });

  it('refuses without a session, and the refusals are in the shopper’s language', async () => {
    const b = await buyer();
    const anonymous = await server.call<Env>('/api/user/passkey/pay_options', {
      json: { action: 'pay_new', out_trade_no: 'x' },
    });
    expect(anonymous.status).toBe(401);
    const { outTradeNo } = await order(b);
    const options = await payOptions(b, { action: 'pay_new', out_trade_no: outTradeNo });
    const response = b.device.get(options.body.data.options, server.baseUrl);
    await confirm(b, response);
    expect((await post('/api/user/passkey/verify_pay', b.token, { response }, 'tai')).body).toEqual(
      refusal('คำขอพาสคีย์นี้ถูกใช้แล้วหรือไม่ถูกต้อง โปรดลองอีกครั้ง'),
    );
  });
});

describe('throttling like logins', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ attemptLimits: { loginLockFailures: 3, passkeyChallengesPerAddress: 8 } });
  });
  afterAll(() => limited.stop());

  it('locks the account after failed passkey sign-ins, and limits challenges per address', async () => {
    const { token } = await (async () => {
      const res = await limited.call<Env>('/api/user/register', {
        json: {
          username: 'throttled1',
          nickname: 'T',
          password: SHOPPER_PASSWORD,
          repPwd: SHOPPER_PASSWORD,
          email: 'throttled1@example.com',
          mobile: '812345678',
          quhao: '66',
        },
      });
      expect(res.body.code).toBe(1);
      const login = await limited.call<Env<{ userinfo: { token: string } }>>('/api/user/login', {
        json: { account: 'throttled1', password: SHOPPER_PASSWORD },
      });
      return { token: login.body.data.userinfo.token };
    })();
    const device = new SoftAuthenticator();
    const options = await limited.call<Env<CreationOptions>>('/api/user/passkey/register_options', {
      token,
      json: { password: SHOPPER_PASSWORD },
    });
    const added = await limited.call<Env>('/api/user/passkey/register', {
      token,
      json: { name: 'Phone', response: device.create(options.body.data, limited.baseUrl) },
    });
    expect(added.body.code).toBe(1);

    const attempt = async () => {
      const o = await limited.call<Env<RequestOptions>>('/api/user/passkey/login_options', { json: {} });
      if (o.body.code !== 1) return o.body;
      return (
        await limited.call<Env>('/api/user/passkey/login', {
          json: { response: device.get(o.body.data, limited.baseUrl) },
        })
      ).body;
    };
    // Three answers of a copied device (counter behind): the third locks the account...
    device.setCounter(device.credentials[0]!.id, 5);
    expect((await attempt()).code).toBe(1);
    for (let i = 0; i < 2; i++) {
      device.setCounter(device.credentials[0]!.id, 0);
      expect((await attempt()).msg).toBe(
        'This passkey was refused: its signature counter went back, so it may have been copied',
      );
    }
    device.setCounter(device.credentials[0]!.id, 0);
    expect((await attempt()).msg).toMatch(/^Too many failed sign-ins. Try again in \d+ minutes$/);
    // ... so the genuine device is refused too until the lock ends.
    device.setCounter(device.credentials[0]!.id, 100);
    expect((await attempt()).msg).toMatch(/^Too many failed sign-ins/);
    // 8 challenges from this address so far (register + 5 sign-ins + ...): the limit answers.
    let last = await attempt();
    for (let i = 0; i < 10 && !/^Too many requests/.test(last.msg); i++) last = await attempt();
    expect(last).toEqual({
      code: 0,
      msg: expect.stringMatching(/^Too many requests. Try again in \d+ minutes$/),
      data: null,
    });
  });
});
