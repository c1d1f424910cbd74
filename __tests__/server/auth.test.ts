/** @jest-environment node */
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  quhao: string;
  money: string;
  have_pay: number;
  avatar: string;
  lang: { language_name: string; chinese_name: string; file_name: string };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const newUser = (over: Record<string, string> = {}) => ({
  username: 'alice_01',
  nickname: 'Alice',
  password: 'secret12',
  repPwd: 'secret12',
  email: 'alice@example.com',
  mobile: '812345678',
  quhao: '66',
  ...over,
});

describe('login', () => {
  it('logs the demo account in by username and returns a 64-hex token with the user fields', async () => {
    const res = await server.call<Env<{ userinfo: Record<string, unknown> }>>('/api/user/login', {
      json: { account: 'demo', password: 'demo123' },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.msg).toBe('Login Success');
    expect(res.body.data.userinfo).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      // The one-time grant to add a passkey without the password again (openapi.yaml LoginUser).
      passkey_grant: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      id: expect.any(Number),
      username: 'demo',
      nickname: 'Demo Shopper',
      avatar: '',
    });
  });

  it('accepts the email as the account', async () => {
    const res = await server.call<Env>('/api/user/login', {
      json: { account: 'demo@example.com', password: 'demo123' },
    });
    expect(res.body.code).toBe(1);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await server.call<Env>('/api/user/login', { json: { account: 'demo', password: 'nope-nope' } });
    const unknown = await server.call<Env>('/api/user/login', { json: { account: 'nobody', password: 'demo123' } });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ code: 0, msg: 'Account or password is incorrect', data: null });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers a missing or empty password with a refusal the shopper can read (HTTP 200, code 0)', async () => {
    const res = await server.call<Env>('/api/user/login', { json: { account: 'demo' } });
    expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Please input account and password', data: null }]);
    const empty = await server.call<Env>('/api/user/login', { json: { account: 'demo', password: '' }, lang: 'zh-CN' });
    expect([empty.status, empty.body.msg]).toEqual([200, '请输入账号和密码']);
  });
});

describe('register', () => {
  it('creates an account that can then log in', async () => {
    const res = await server.call<Env>('/api/user/register', { json: newUser() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, msg: 'Register Success', data: null });
    const token = await loginAs(server, 'alice_01', 'secret12');
    const info = await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token });
    expect(info.body.data).toMatchObject({
      username: 'alice_01',
      nickname: 'Alice',
      quhao: '66',
      mobile: '812345678',
      money: '0.00',
      have_pay: 0,
    });
    expect(info.body.data.lang?.file_name).toBe('en');
  });

  it('keeps the language the shopper signed up in, so the first login does not switch the interface', async () => {
    const registered = await server.call<Env>('/api/user/register', {
      json: newUser({ username: 'kaito_01', email: 'kaito@example.com' }),
      lang: 'ri',
    });
    expect(registered.body).toMatchObject({ code: 1 });
    const token = await loginAs(server, 'kaito_01', 'secret12');
    // Asked in English afterwards: the saved language (Japanese) answers, not the request's.
    const info = await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token, lang: 'en' });
    expect(info.body.data.lang).toMatchObject({ file_name: 'ri', language_name: '日本語' });
  });

  it('refuses a duplicate username or email', async () => {
    const sameName = await server.call<Env>('/api/user/register', {
      json: newUser({ username: 'DEMO', email: 'x@example.com' }),
    });
    expect(sameName.status).toBe(200);
    expect(sameName.body).toEqual({ code: 0, msg: 'This account already exists', data: null });
    const sameEmail = await server.call<Env>('/api/user/register', {
      json: newUser({ username: 'other_one', email: 'Demo@Example.com' }),
    });
    expect(sameEmail.body).toEqual({ code: 0, msg: 'This account already exists', data: null });
  });

  it('refuses an invalid email with the form message, HTTP 200', async () => {
    const res = await server.call<Env>('/api/user/register', {
      json: newUser({ username: 'bob_1', email: 'not-an-email' }),
    });
    expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Please fill correct email', data: null }]);
  });

  it('refuses a mobile number that is not valid for the calling code', async () => {
    // A valid US number, but not a Thai one.
    const res = await server.call<Env>('/api/user/register', {
      json: newUser({ username: 'bob_2', email: 'bob2@example.com', mobile: '2015550123', quhao: '66' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'Please enter a correct mobile phone number', data: null });
  });

  it('refuses a confirmation that differs from the password', async () => {
    const res = await server.call<Env>('/api/user/register', {
      json: newUser({ username: 'bob_3', email: 'bob3@example.com', repPwd: 'secret13' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'Passwords do not match', data: null });
  });

  it('answers a missing field with its form message, never validator text', async () => {
    const { nickname: _omitted, ...withoutNickname } = newUser({ username: 'bob_4', email: 'bob4@example.com' });
    const res = await server.call<Env>('/api/user/register', { json: withoutNickname });
    expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Please enter a nickname', data: null }]);
  });

  it('never stores the password in plain text', async () => {
    await server.call('/api/user/register', {
      json: newUser({
        username: 'carol',
        email: 'carol@example.com',
        password: 'plain-text-9',
        repPwd: 'plain-text-9',
      }),
    });
    const row = server.db
      .prepare<[string], { password_hash: string }>('SELECT password_hash FROM users WHERE username = ?')
      .get('carol');
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row?.password_hash).not.toContain('plain-text-9');
    const demo = server.db
      .prepare<[], { password_hash: string; pay_password_hash: string }>(
        "SELECT password_hash, pay_password_hash FROM users WHERE username = 'demo'",
      )
      .get();
    expect(demo?.password_hash).not.toContain('demo123');
    expect(demo?.pay_password_hash).not.toContain('123456');
    // Two accounts with the same password get different hashes (per-user salt).
    await server.call('/api/user/register', {
      json: newUser({ username: 'dave', email: 'dave@example.com', password: 'plain-text-9', repPwd: 'plain-text-9' }),
    });
    const dave = server.db
      .prepare<[string], { password_hash: string }>('SELECT password_hash FROM users WHERE username = ?')
      .get('dave');
    expect(dave?.password_hash).not.toBe(row?.password_hash);
    // Tokens are stored hashed too.
    const token = await loginAs(server, 'carol', 'plain-text-9');
    const stored = server.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?')
      .get(token);
    expect(stored?.n).toBe(0);
  });
});

describe('getUserInfo and logout', () => {
  it('returns the demo profile, balance and language with a token', async () => {
    const token = await loginAs(server);
    const res = await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      username: 'demo',
      nickname: 'Demo Shopper',
      avatar: '',
      email: 'demo@example.com',
      mobile: '2015550123',
      quhao: '1',
      money: '1000.00',
      order_unpaid: 0,
      order_undelivered: 0,
      order_unreceived: 0,
      order_after_sale: 0,
      have_pay: 1,
      passkeys: 0,
      lang: { language_name: 'English', chinese_name: '英语', file_name: 'en' },
    });
  });

  // BACKEND-FAMILY.md, Wallet and account: the family's client reads lang.file_name and
  // lang.language_name without a null check, and switches its interface to a language that differs.
  const ENGLISH = { language_name: 'English', chinese_name: '英语', file_name: 'en' };
  const JAPANESE = { language_name: '日本語', chinese_name: '日语', file_name: 'ri' };
  const langOf = async (token: string, lang?: string) =>
    (await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token, lang })).body.data.lang;

  it("answers the saved language whatever the request's lang header", async () => {
    const token = await loginAs(server);
    for (const lang of [undefined, 'ri', 'tai']) expect(await langOf(token, lang)).toEqual(ENGLISH);
  });

  it("never answers null: a user who never chose gets the request's language, else English", async () => {
    const token = await loginAs(server);
    const demo = server.db
      .prepare<[string], { id: number; lang_id: number | null }>('SELECT id, lang_id FROM users WHERE username = ?')
      .get('demo')!;
    server.db.prepare('UPDATE users SET lang_id = NULL WHERE id = ?').run(demo.id);
    try {
      expect(await langOf(token, 'ri')).toEqual(JAPANESE);
      expect(await langOf(token, 'zh-cn')).toEqual({
        language_name: '简体中文',
        chinese_name: '简体中文',
        file_name: 'zh-CN',
      });
      expect(await langOf(token, 'han')).toMatchObject({ file_name: 'han' });
      expect(await langOf(token)).toEqual(ENGLISH);
      expect(await langOf(token, 'xx')).toEqual(ENGLISH);
    } finally {
      server.db.prepare('UPDATE users SET lang_id = ? WHERE id = ?').run(demo.lang_id, demo.id);
    }
  });

  it('answers English when the shop no longer offers the language (or any language)', async () => {
    const token = await loginAs(server);
    type Row = {
      id: number;
      language_name: string;
      chinese_name: string;
      file_name: string;
      is_default: number;
      sort: number;
    };
    const rows = server.db.prepare<[], Row>('SELECT * FROM languages ORDER BY id').all();
    const users = server.db.prepare<[], { id: number; lang_id: number | null }>('SELECT id, lang_id FROM users').all();
    const restore = server.db.prepare(
      'INSERT OR REPLACE INTO languages (id, language_name, chinese_name, file_name, is_default, sort) VALUES (?, ?, ?, ?, ?, ?)',
    );
    try {
      // The operators remove Japanese, then every language (a user's saved one goes with it).
      server.db.prepare("DELETE FROM languages WHERE file_name = 'ri'").run();
      expect(await langOf(token, 'ri')).toEqual(ENGLISH);
      server.db.prepare('DELETE FROM languages').run();
      server.db.prepare('UPDATE users SET lang_id = NULL').run();
      expect(await langOf(token, 'ri')).toEqual(ENGLISH);
    } finally {
      for (const r of rows) restore.run(r.id, r.language_name, r.chinese_name, r.file_name, r.is_default, r.sort);
      const setLang = server.db.prepare('UPDATE users SET lang_id = ? WHERE id = ?');
      for (const u of users) setLang.run(u.lang_id, u.id);
    }
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const none = await server.call<Env>('/api/user/getUserInfo');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, msg: 'Please login first', data: null });
    const bogus = await server.call<Env>('/api/user/getUserInfo', { token: 'f'.repeat(64) });
    expect(bogus.status).toBe(401);
    expect(bogus.body.code).toBe(401);
  });

  it('localizes the message by the lang header', async () => {
    const tai = await server.call<Env>('/api/user/getUserInfo', { lang: 'tai' });
    expect(tai.body).toEqual({ code: 401, msg: 'กรุณาเข้าสู่ระบบก่อน', data: null });
    const zh = await server.call<Env>('/api/user/login', {
      lang: 'zh-CN',
      json: { account: 'demo', password: 'wrong-one' },
    });
    expect(zh.body.msg).toBe('账号或密码错误');
  });

  it('logout invalidates the token', async () => {
    const token = await loginAs(server);
    const out = await server.call<Env>('/api/user/logout?lang=zh-cn', { method: 'POST', token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 1, msg: 'Logout Success', data: null });
    const after = await server.call<Env>('/api/user/getUserInfo', { token });
    expect(after.status).toBe(401);
    // Other sessions of the same user stay valid.
    const other = await loginAs(server);
    expect((await server.call<Env>('/api/user/getUserInfo', { token: other })).status).toBe(200);
  });

  it('logout without a token answers 401', async () => {
    const res = await server.call<Env>('/api/user/logout', { method: 'POST' });
    expect(res.status).toBe(401);
  });
});
