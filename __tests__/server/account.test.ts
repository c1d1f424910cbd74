/** @jest-environment node */
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { uploadImage } from '../../server/src/tools/testing/wallet';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface UserInfo {
  nickname: string;
  email: string;
  mobile: string;
  quhao: string;
  avatar: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

let counter = 30;
/** Registers a shopper with a US number of their own (+1 20155501NN) and logs in. */
async function newUser(password = 'secret12') {
  counter += 1;
  const username = `acct_${counter}`;
  const mobile = `20155501${String(counter).padStart(2, '0')}`;
  const res = await server.call<Env>('/api/user/register', {
    json: {
      username,
      nickname: username,
      password,
      repPwd: password,
      email: `${username}@example.com`,
      mobile,
      quhao: '1',
    },
  });
  if (res.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { username, mobile, quhao: '1', password, token: await loginAs(server, username, password) };
}

const userInfo = async (token: string) =>
  (await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token })).body.data;
const profile = (token: string, json: unknown, lang?: string) =>
  server.call<Env>('/api/user/profile', { token, json, lang });
const sendCode = (json: unknown, lang?: string) => server.call<Env>('/api/user/send_code', { json, lang });
const resetpwd = (json: unknown, token?: string, lang?: string) =>
  server.call<Env>('/api/user/resetpwd', { json, token, lang });
const canLogin = async (account: string, password: string) =>
  (await server.call<Env>('/api/user/login', { json: { account, password } })).body.code === 1;

/** The code of the last `[send_code]` line the server logged for this phone. */
function codeFromLog(quhao: string, mobile: string): string {
  const prefix = `[send_code] mobile +${quhao} ${mobile} code `;
  const line = [...server.logLines].reverse().find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no code logged for +${quhao} ${mobile}`);
  const code = line.slice(prefix.length);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** Moves every code of a target into the past (time is manipulated in the data, not the code). */
function ageCodes(target: string, seconds: number) {
  server.db
    .prepare('UPDATE verification_codes SET created_at = created_at - ?, expires_at = expires_at - ? WHERE target = ?')
    .run(seconds, seconds, target);
}

describe('updateProfile', () => {
  it('needs the token', async () => {
    const res = await profile('', { nickname: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Please login first', data: null });
  });

  it('changes only the fields sent (nickname trimmed)', async () => {
    const u = await newUser();
    const before = await userInfo(u.token);
    const res = await profile(u.token, { nickname: '  New Name  ' });
    expect(res.body).toEqual({ code: 1, msg: 'Save successful', data: null });
    const after = await userInfo(u.token);
    expect(after).toEqual({ ...before, nickname: 'New Name' });
  });

  it('refuses a blank or too long nickname', async () => {
    const u = await newUser();
    const blank = await profile(u.token, { nickname: '   ' });
    expect([blank.status, blank.body]).toEqual([200, { code: 0, msg: 'Please enter a nickname', data: null }]);
    expect((await profile(u.token, { nickname: '' }, 'zh-CN')).body.msg).toBe('请输入昵称');
    const long = await profile(u.token, { nickname: 'x'.repeat(31) });
    expect([long.status, long.body]).toEqual([
      200,
      { code: 0, msg: 'Nickname must be at most 30 characters', data: null },
    ]);
    expect((await userInfo(u.token)).nickname).toBe(u.username);
  });

  it('changes the email, refuses an invalid one and one used by another account', async () => {
    const u = await newUser();
    const bad = await profile(u.token, { email: 'not-an-email' });
    expect([bad.status, bad.body]).toEqual([200, { code: 0, msg: 'Please fill correct email', data: null }]);
    expect((await profile(u.token, { email: 'x@' }, 'zh-CN')).body.msg).toBe('请填写正确的邮箱');
    const taken = await profile(u.token, { email: 'DEMO@example.com' });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ code: 0, msg: 'This email is already used by another account', data: null });
    const zh = await profile(u.token, { email: 'demo@example.com' }, 'zh-CN');
    expect(zh.body.msg).toBe('该邮箱已被其他账号使用');
    const own = await profile(u.token, { email: `${u.username.toUpperCase()}@example.com`, password: u.password });
    expect(own.body.code).toBe(1);
    const fresh = await profile(u.token, { email: `${u.username}.new@example.org`, password: u.password });
    expect(fresh.body.code).toBe(1);
    expect((await userInfo(u.token)).email).toBe(`${u.username}.new@example.org`);
    expect(await canLogin(`${u.username}.new@example.org`, u.password)).toBe(true);
  });

  it('changes mobile and calling code together, checked per country', async () => {
    const u = await newUser();
    const res = await profile(u.token, { quhao: '66', mobile: '0812345678', password: u.password });
    expect(res.body.code).toBe(1);
    expect(await userInfo(u.token)).toMatchObject({ quhao: '66', mobile: '812345678' });
    // A US number is not a Thai number.
    const wrong = await profile(u.token, { mobile: '2015550123' });
    expect([wrong.status, wrong.body]).toEqual([
      200,
      { code: 0, msg: 'Please enter a correct mobile phone number', data: null },
    ]);
    // Not even digits: the same refusal (the contract's pattern), not validator text.
    expect((await profile(u.token, { mobile: '08-abc' })).body.msg).toBe('Please enter a correct mobile phone number');
    // Changing only the calling code re-checks the saved number.
    const onlyQuhao = await profile(u.token, { quhao: '44' });
    expect([onlyQuhao.status, onlyQuhao.body.msg]).toEqual([200, 'Please enter a correct mobile phone number']);
    expect(await userInfo(u.token)).toMatchObject({ quhao: '66', mobile: '812345678' });
  });

  it('accepts only an avatar this user uploaded (or the current one)', async () => {
    const u = await newUser();
    const other = await newUser();
    const mine = (await uploadImage(server, u.token)).body.data?.fullurl ?? '';
    const theirs = (await uploadImage(server, other.token)).body.data?.fullurl ?? '';
    expect(mine).toMatch(/\/media\/uploads\/[0-9a-f]{32}\.png$/);

    for (const avatar of [theirs, 'https://evil.example.com/a.png', '/media/avatar/x.svg', 'javascript:alert(1)']) {
      const res = await profile(u.token, { avatar });
      expect([res.status, res.body]).toEqual([
        200,
        { code: 0, msg: 'The avatar must be an image you uploaded', data: null },
      ]);
    }
    expect((await userInfo(u.token)).avatar).toBe('');

    const ok = await profile(u.token, { avatar: mine });
    expect(ok.body.code).toBe(1);
    expect((await userInfo(u.token)).avatar).toBe(mine);
    // Root-relative form of the same upload, and sending the current avatar again, both work.
    expect((await profile(u.token, { avatar: new URL(mine).pathname })).body.code).toBe(1);
    expect((await profile(u.token, { avatar: mine, nickname: 'Pic' })).body.code).toBe(1);
    expect(await userInfo(u.token)).toMatchObject({ avatar: mine, nickname: 'Pic' });
  });

  it('refuses an empty change', async () => {
    const u = await newUser();
    const empty = await profile(u.token, {});
    expect([empty.status, empty.body]).toEqual([200, { code: 0, msg: 'Please change at least one field', data: null }]);
    const unknownOnly = await profile(u.token, { favourite_colour: 'red' });
    expect([unknownOnly.status, unknownOnly.body.msg]).toEqual([200, 'Please change at least one field']);
  });
});

describe('sendVerificationCode', () => {
  it('logs one line with a 6-digit code for a known number and answers success', async () => {
    const u = await newUser();
    const before = server.logLines.length;
    const res = await sendCode({ mobile: u.mobile, quhao: '1' });
    expect(res.body).toEqual({ code: 1, msg: 'Verification code sent', data: null });
    const lines = server.logLines.slice(before).filter((l) => l.startsWith('[send_code]'));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^\\[send_code\\] mobile \\+1 ${u.mobile} code \\d{6}$`))]);
    // Only a hash is stored.
    const row = server.db
      .prepare<[string], { code_hash: string; expires_at: number; created_at: number }>(
        'SELECT code_hash, expires_at, created_at FROM verification_codes WHERE target = ?',
      )
      .get(`+1 ${u.mobile}`);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(codeFromLog('1', u.mobile));
    expect((row?.expires_at ?? 0) - (row?.created_at ?? 0)).toBe(600);
  });

  it('answers an unknown number exactly like a known one (no account enumeration)', async () => {
    const u = await newUser();
    const known = await sendCode({ mobile: u.mobile, quhao: '1' });
    const unknown = await sendCode({ mobile: '2015559876', quhao: '1' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(server.logLines.some((l) => l.startsWith('[send_code] mobile +1 2015559876 code'))).toBe(false);
    // The rate limit too is the same for both.
    const again = await sendCode({ mobile: '2015559876', quhao: '1' });
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
  });

  it('allows one code per number per 60 seconds', async () => {
    const u = await newUser();
    expect((await sendCode({ mobile: u.mobile, quhao: '1' })).body.code).toBe(1);
    const again = await sendCode({ mobile: u.mobile, quhao: '1' });
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(0);
    const wait = Number(/^Please wait (\d+) seconds before asking for another code$/.exec(again.body.msg)?.[1]);
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    const zh = await sendCode({ mobile: u.mobile, quhao: '1' }, 'zh-CN');
    expect(zh.body.msg).toMatch(/^请等待 \d+ 秒后再重新获取验证码$/);
    ageCodes(`+1 ${u.mobile}`, 61);
    expect((await sendCode({ mobile: u.mobile, quhao: '1' })).body.code).toBe(1);
  });

  it('refuses a number that is invalid for its country, and a missing one', async () => {
    const bad = await sendCode({ mobile: '2015550123', quhao: '66' });
    expect([bad.status, bad.body]).toEqual([
      200,
      { code: 0, msg: 'Please enter a correct mobile phone number', data: null },
    ]);
    const missing = await sendCode({ quhao: '1' });
    expect([missing.status, missing.body.msg]).toEqual([200, 'Please enter a correct mobile phone number']);
    expect((await sendCode({ mobile: '12' }, 'ri')).body.msg).toBe('正しい携帯電話番号を入力してください');
  });
});

describe('resetPassword, forgot variant', () => {
  it('resets with the code from the log, ends every session, and the code works once', async () => {
    const u = await newUser();
    const otherDevice = await loginAs(server, u.username, u.password);
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const code = codeFromLog('1', u.mobile);

    const res = await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: 'brandnew1' });
    expect(res.body).toEqual({ code: 1, msg: 'Change Successful', data: null });
    for (const token of [u.token, otherDevice]) {
      expect((await server.call<Env>('/api/user/getUserInfo', { token })).status).toBe(401);
    }
    expect(await canLogin(u.username, u.password)).toBe(false);
    expect(await canLogin(u.username, 'brandnew1')).toBe(true);

    const reuse = await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: 'another1' });
    expect(reuse.body).toEqual({
      code: 0,
      msg: 'The verification code has expired. Please ask for a new one',
      data: null,
    });
    expect(await canLogin(u.username, 'brandnew1')).toBe(true);
  });

  it('works without quhao when both calls leave it out', async () => {
    const u = await newUser();
    await sendCode({ mobile: u.mobile });
    const code = codeFromLog('1', u.mobile);
    expect((await resetpwd({ mobile: u.mobile, code, newpassword: 'noquhao1' })).body.code).toBe(1);
    expect(await canLogin(u.username, 'noquhao1')).toBe(true);
  });

  it('refuses an expired code (expiry moved into the past in the database)', async () => {
    const u = await newUser();
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const code = codeFromLog('1', u.mobile);
    // 9 minutes later it still works...
    ageCodes(`+1 ${u.mobile}`, 9 * 60);
    const same = await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: u.password });
    expect(same.body.msg).toBe('New password must be different from the old one');
    // ...after 10 minutes it does not.
    ageCodes(`+1 ${u.mobile}`, 60);
    const res = await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: 'expired1' });
    expect(res.body).toEqual({
      code: 0,
      msg: 'The verification code has expired. Please ask for a new one',
      data: null,
    });
    expect(await canLogin(u.username, u.password)).toBe(true);
  });

  it('allows 5 attempts, then the code is dead even when right', async () => {
    const u = await newUser();
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const code = codeFromLog('1', u.mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await resetpwd({ mobile: u.mobile, quhao: '1', code: wrong, newpassword: 'guess123' });
      expect(res.body).toEqual({ code: 0, msg: 'Incorrect verification code', data: null });
    }
    const fifth = await resetpwd({ mobile: u.mobile, quhao: '1', code: wrong, newpassword: 'guess123' });
    expect(fifth.body).toEqual({ code: 0, msg: 'Too many wrong codes. Please ask for a new one', data: null });
    const right = await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: 'guess123' });
    expect(right.body.msg).toBe('Too many wrong codes. Please ask for a new one');
    expect(await canLogin(u.username, u.password)).toBe(true);
    const attempts = server.db
      .prepare<[string], { attempts: number }>('SELECT attempts FROM verification_codes WHERE target = ?')
      .get(`+1 ${u.mobile}`)?.attempts;
    expect(attempts).toBe(5);
    // A new code (after the resend wait) works again.
    ageCodes(`+1 ${u.mobile}`, 61);
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const fresh = codeFromLog('1', u.mobile);
    expect((await resetpwd({ mobile: u.mobile, quhao: '1', code: fresh, newpassword: 'guess123' })).body.code).toBe(1);
  });

  it('counts the 5th attempt even when it is right', async () => {
    const u = await newUser();
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const code = codeFromLog('1', u.mobile);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i += 1)
      await resetpwd({ mobile: u.mobile, quhao: '1', code: wrong, newpassword: 'x12345' });
    expect((await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: 'fifth123' })).body.code).toBe(1);
  });

  it('keeps the code usable when the new password is the old one', async () => {
    const u = await newUser();
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const code = codeFromLog('1', u.mobile);
    const same = await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: u.password }, undefined, 'zh-CN');
    expect(same.body).toEqual({ code: 0, msg: '新密码不能与旧密码相同', data: null });
    expect((await resetpwd({ mobile: u.mobile, quhao: '1', code, newpassword: 'differs1' })).body.code).toBe(1);
  });

  it('only the newest code counts', async () => {
    const u = await newUser();
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const first = codeFromLog('1', u.mobile);
    ageCodes(`+1 ${u.mobile}`, 61);
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const second = codeFromLog('1', u.mobile);
    if (first !== second) {
      const old = await resetpwd({ mobile: u.mobile, quhao: '1', code: first, newpassword: 'newest12' });
      expect(old.body.msg).toBe('Incorrect verification code');
    }
    expect((await resetpwd({ mobile: u.mobile, quhao: '1', code: second, newpassword: 'newest12' })).body.code).toBe(1);
  });

  it('refuses when no code was asked for, a malformed code and a short password', async () => {
    const u = await newUser();
    const none = await resetpwd({ mobile: u.mobile, quhao: '1', code: '123456', newpassword: 'whatever1' });
    expect(none.body.msg).toBe('The verification code has expired. Please ask for a new one');
    const malformed = await resetpwd({ mobile: u.mobile, quhao: '1', code: '12345', newpassword: 'whatever1' });
    expect([malformed.status, malformed.body]).toEqual([
      200,
      { code: 0, msg: 'Please enter the 6-digit verification code', data: null },
    ]);
    await sendCode({ mobile: u.mobile, quhao: '1' });
    const short = await resetpwd({
      mobile: u.mobile,
      quhao: '1',
      code: codeFromLog('1', u.mobile),
      newpassword: '12345',
    });
    expect([short.status, short.body]).toEqual([
      200,
      { code: 0, msg: 'Password must be at least 6 characters', data: null },
    ]);
    expect(await canLogin(u.username, u.password)).toBe(true);
  });

  it('a code for an unknown number resets nothing', async () => {
    await sendCode({ mobile: '2015554321', quhao: '1' });
    const res = await resetpwd({ mobile: '2015554321', quhao: '1', code: '123456', newpassword: 'nobody12' });
    expect(res.body.code).toBe(0);
  });
});

describe('resetPassword, change variant', () => {
  it('needs the token', async () => {
    const res = await resetpwd({ oldpassword: 'secret12', newpassword: 'secret34' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('checks the old password and that the new one differs', async () => {
    const u = await newUser();
    const wrong = await resetpwd({ oldpassword: 'nope123', newpassword: 'secret34' }, u.token);
    expect(wrong.body).toEqual({ code: 0, msg: 'The old password is incorrect', data: null });
    const same = await resetpwd({ oldpassword: u.password, newpassword: u.password }, u.token);
    expect(same.body).toEqual({ code: 0, msg: 'New password must be different from the old one', data: null });
    const short = await resetpwd({ oldpassword: u.password, newpassword: 'abc' }, u.token);
    expect([short.status, short.body]).toEqual([
      200,
      { code: 0, msg: 'Password must be at least 6 characters', data: null },
    ]);
    const long = await resetpwd({ oldpassword: u.password, newpassword: 'x'.repeat(65) }, u.token, 'zh-CN');
    expect([long.status, long.body.code, long.body.msg]).toEqual([200, 0, expect.not.stringMatching(/newpassword/)]);
    const blankOld = await resetpwd({ oldpassword: '', newpassword: 'secret34' }, u.token);
    expect([blankOld.status, blankOld.body.msg]).toEqual([200, 'Please enter the old password']);
    // Neither variant (no old password, no phone): a body no screen builds.
    const missingOld = await resetpwd({ newpassword: 'secret34' }, u.token);
    expect(missingOld.body.code).toBe(0);
    expect(await canLogin(u.username, u.password)).toBe(true);
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const u = await newUser();
    const other = await loginAs(server, u.username, u.password);
    const res = await resetpwd({ oldpassword: u.password, newpassword: 'changed12' }, u.token);
    expect(res.body).toEqual({ code: 1, msg: 'Change Successful', data: null });
    expect((await server.call<Env>('/api/user/getUserInfo', { token: u.token })).body.code).toBe(1);
    expect((await server.call<Env>('/api/user/getUserInfo', { token: other })).status).toBe(401);
    expect(await canLogin(u.username, u.password)).toBe(false);
    expect(await canLogin(u.username, 'changed12')).toBe(true);
  });
});

describe('notification settings', () => {
  it('needs the token', async () => {
    expect((await server.call<Env>('/api/user/notification')).status).toBe(401);
    expect((await server.call<Env>('/api/user/notification', { json: { promotions: false } })).status).toBe(401);
  });

  it('are all on by default, change one at a time and persist per user', async () => {
    const u = await newUser();
    const other = await newUser();
    const all = { order_updates: true, promotions: true, wallet_updates: true };
    expect((await server.call<Env>('/api/user/notification', { token: u.token })).body).toEqual({
      code: 1,
      msg: 'Success',
      data: all,
    });
    const res = await server.call<Env>('/api/user/notification', { token: u.token, json: { promotions: false } });
    expect(res.body).toEqual({ code: 1, msg: 'Save successful', data: { ...all, promotions: false } });
    await server.call<Env>('/api/user/notification', { token: u.token, json: { wallet_updates: false } });
    expect((await server.call<Env>('/api/user/notification', { token: u.token })).body.data).toEqual({
      order_updates: true,
      promotions: false,
      wallet_updates: false,
    });
    expect((await server.call<Env>('/api/user/notification', { token: other.token })).body.data).toEqual(all);
  });

  it('are all on for the demo account', async () => {
    const token = await loginAs(server);
    expect((await server.call<Env>('/api/user/notification', { token })).body.data).toEqual({
      order_updates: true,
      promotions: true,
      wallet_updates: true,
    });
  });

  it('refuses an empty change and non-boolean values', async () => {
    const u = await newUser();
    expect((await server.call<Env>('/api/user/notification', { token: u.token, json: {} })).status).toBe(400);
    const wrongType = await server.call<Env>('/api/user/notification', { token: u.token, json: { promotions: 'no' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toMatch(/^promotions: /);
  });
});

describe('getShopService', () => {
  it('needs the token', async () => {
    expect((await server.call<Env>('/api/user/get_shops_kf?pid=2')).status).toBe(401);
  });

  it("answers the shop's chat page, which shows the shop's name", async () => {
    const token = await loginAs(server);
    // data is the URL itself, as the backend family answers
    const res = await server.call<Env<string>>('/api/user/get_shops_kf?pid=2', { token });
    expect(res.body).toEqual({ code: 1, msg: 'Success', data: `${server.baseUrl}/media/service.html?shop=2` });
    const name = server.db.prepare<[], { name: string }>('SELECT name FROM shops WHERE id = 2').get()?.name ?? '';
    const page = await fetch(res.body.data);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
    const html = await page.text();
    expect(html).toContain(`<h1 id="title">${name} customer service</h1>`);
    expect(html).toMatch(/<form id="send"/);
    expect(html).toContain('role="log"');
  });

  it('refuses an unknown shop and a malformed id', async () => {
    const token = await loginAs(server);
    const unknown = await server.call<Env>('/api/user/get_shops_kf?pid=9999', { token });
    expect(unknown.body).toEqual({ code: 0, msg: 'Shop not found', data: null });
    const zh = await server.call<Env>('/api/user/get_shops_kf?pid=9999', { token, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('店铺不存在');
    expect((await server.call<Env>('/api/user/get_shops_kf?pid=0', { token })).status).toBe(400);
  });

  it("serves a shop's own URL, or the generated page when it has none, with its name escaped", async () => {
    const token = await loginAs(server);
    server.db.prepare("UPDATE shops SET custom_service = 'https://chat.example.com/s/3' WHERE id = 3").run();
    server.db.prepare("UPDATE shops SET custom_service = '', name = '<img src=x onerror=alert(1)>' WHERE id = 4").run();
    const own = await server.call<Env<string>>('/api/user/get_shops_kf?pid=3', { token });
    expect(own.body.data).toBe('https://chat.example.com/s/3');
    const generated = await server.call<Env<string>>('/api/user/get_shops_kf?pid=4', { token });
    expect(generated.body.data).toBe(`${server.baseUrl}/media/service.html?shop=4`);
    const html = await (await fetch(generated.body.data)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; customer service');
  });
});

describe('help and law content', () => {
  const dangerous = /<script|<iframe|<object|<embed|<svg|\son[a-z]+\s*=|javascript:|data:text\/html|<style|srcdoc/i;

  it('help topics use ordinary formatting (paragraphs, headings, lists, links) and nothing dangerous', async () => {
    const res = await server.call<Env<{ title: string; content: string }[]>>('/api/user/help_support');
    const all = res.body.data.map((t) => t.content).join('\n');
    for (const tag of ['<p>', '<h4>', '<ol>', '<ul>', '<li>', '<strong>', '<a href="mailto:'])
      expect(all).toContain(tag);
    expect(all).not.toMatch(dangerous);
  });

  it('the law page uses headings, lists and links and nothing dangerous', async () => {
    const res = await server.call<Env<{ content: string }>>('/api/user/law');
    const html = res.body.data.content;
    for (const tag of ['<h2>', '<h3>', '<ul>', '<li>', '<a href="mailto:']) expect(html).toContain(tag);
    expect(html).not.toMatch(dangerous);
  });
});
