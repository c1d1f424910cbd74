/** @jest-environment node */
/**
 * Attacks on the account: forgot-password takeover across countries, reset-code guessing, text
 * message bombing, password guessing (login and password change) and a login flood. Each test is
 * the attacker's request sequence; the limits are set small here (ServerOptions.attemptLimits) so
 * that windows pass in seconds, not minutes.
 */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    attemptLimits: {
      loginFreeFailures: 3,
      loginLockFailures: 5,
      loginDelayMs: 50,
      loginLockSeconds: 2,
      loginAddressFailures: 20,
    },
  });
});
afterAll(() => server.stop());

/** Every test speaks from its own client address (X-Forwarded-For, trusted from loopback). */
let lastAddress = 0;
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;

type CallInit = { json?: unknown; token?: string; lang?: string; from?: string };
const call = (s: TestServer, path: string, init: CallInit) =>
  s.call<Env>(path, {
    json: init.json,
    token: init.token,
    lang: init.lang,
    headers: init.from ? { 'x-forwarded-for': init.from } : {},
  });

let counter = 0;
/** Registers a shopper; `mobile` valid for `quhao`. */
async function register(s: TestServer, quhao: string, mobile: string, password = 'secret12') {
  counter += 1;
  const username = `abuse_${counter}`;
  const res = await call(s, '/api/user/register', {
    json: { username, nickname: username, password, repPwd: password, email: `${username}@example.com`, mobile, quhao },
    from: '198.51.100.200',
  });
  if (res.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { username, password, quhao, mobile };
}

/** A US number of its own for each call (+1 20155502NN). */
let phoneCounter = 0;
const usMobile = () => `20155502${String((phoneCounter += 1)).padStart(2, '0')}`;

const login = (s: TestServer, account: string, password: string, from: string, lang?: string) =>
  call(s, '/api/user/login', { json: { account, password }, from, lang });
const canLogin = async (s: TestServer, account: string, password: string) =>
  (await login(s, account, password, '198.51.100.201')).body.code === 1;

/** The `[send_code]` lines logged since `since`. */
const codeLines = (s: TestServer, since: number) => s.logLines.slice(since).filter((l) => l.startsWith('[send_code]'));

function codeFromLog(s: TestServer, quhao: string, mobile: string): string {
  const prefix = `[send_code] mobile +${quhao} ${mobile} code `;
  const line = [...s.logLines].reverse().find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no code logged for +${quhao} ${mobile}`);
  return line.slice(prefix.length);
}

/** Moves every code of a phone 61 seconds into the past (past the resend wait). */
function passResendWait(s: TestServer, target: string) {
  s.db
    .prepare(
      'UPDATE verification_codes SET created_at = created_at - 61, expires_at = expires_at - 61 WHERE target = ?',
    )
    .run(target);
}

const wrongCodeFor = (code: string) => (code === '000000' ? '000001' : '000000');

describe('forgot password across countries', () => {
  it('a +44 number cannot reset the +1 account with the same digits', async () => {
    // 2037460123 is a valid number both in the US (+1) and in London (+44).
    const victim = await register(server, '1', '2037460123', 'victim123');
    const attacker = await register(server, '44', '2037460123', 'attacker1');
    const from = newAddress();

    // Without a calling code the number is ambiguous: no code is sent to anybody.
    const before = server.logLines.length;
    const ambiguous = await call(server, '/api/user/send_code', { json: { mobile: '2037460123' }, from });
    expect([ambiguous.status, ambiguous.body]).toEqual([
      200,
      {
        code: 0,
        msg: 'This number is registered in more than one country. Please choose the calling code',
        data: null,
      },
    ]);
    expect(codeLines(server, before)).toEqual([]);
    const zh = await call(server, '/api/user/send_code', { json: { mobile: '2037460123' }, from, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('该号码在多个国家/地区注册，请选择国际区号');

    // The attacker's own phone (+44) gets a code, for that phone only.
    const sent = await call(server, '/api/user/send_code', { json: { mobile: '2037460123', quhao: '44' }, from });
    expect(sent.body.code).toBe(1);
    expect(codeLines(server, before)).toEqual([
      expect.stringMatching(/^\[send_code\] mobile \+44 2037460123 code \d{6}$/),
    ]);
    const code = codeFromLog(server, '44', '2037460123');

    // The attacker's code used without a calling code, or with the victim's, resets nothing.
    const noQuhao = await call(server, '/api/user/resetpwd', {
      json: { mobile: '2037460123', code, newpassword: 'takeover1' },
      from,
    });
    expect(noQuhao.body).toMatchObject({
      code: 0,
      msg: 'This number is registered in more than one country. Please choose the calling code',
    });
    const asVictim = await call(server, '/api/user/resetpwd', {
      json: { mobile: '2037460123', quhao: '1', code, newpassword: 'takeover1' },
      from,
    });
    expect(asVictim.body.code).toBe(0);
    expect(await canLogin(server, victim.username, 'takeover1')).toBe(false);

    // With its own calling code it resets exactly the attacker's account.
    const own = await call(server, '/api/user/resetpwd', {
      json: { mobile: '2037460123', quhao: '44', code, newpassword: 'takeover1' },
      from,
    });
    expect(own.body).toEqual({ code: 1, msg: 'Change Successful', data: null });
    expect(await canLogin(server, attacker.username, 'takeover1')).toBe(true);
    expect(await canLogin(server, victim.username, 'takeover1')).toBe(false);
    expect(await canLogin(server, victim.username, victim.password)).toBe(true);
  });

  it('a number registered in one country only still works without the calling code', async () => {
    const u = await register(server, '1', usMobile());
    const from = newAddress();
    expect((await call(server, '/api/user/send_code', { json: { mobile: u.mobile }, from })).body.code).toBe(1);
    const code = codeFromLog(server, '1', u.mobile);
    const res = await call(server, '/api/user/resetpwd', {
      json: { mobile: u.mobile, code, newpassword: 'single12' },
      from,
    });
    expect(res.body.code).toBe(1);
    expect(await canLogin(server, u.username, 'single12')).toBe(true);
  });
});

describe('reset-code guessing', () => {
  it('gives one live code per phone, with or without the calling code', async () => {
    const u = await register(server, '1', usMobile());
    const from = newAddress();
    expect(
      (await call(server, '/api/user/send_code', { json: { mobile: u.mobile, quhao: '1' }, from })).body.code,
    ).toBe(1);
    const first = codeFromLog(server, '1', u.mobile);
    // The same phone without the calling code is the same phone: no second code within the wait.
    const twin = await call(server, '/api/user/send_code', { json: { mobile: u.mobile }, from });
    expect(twin.body.code).toBe(0);
    expect(twin.body.msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    const live = () =>
      server.db
        .prepare<[string], { n: number }>(
          'SELECT COUNT(*) AS n FROM verification_codes WHERE target = ? AND used_at IS NULL',
        )
        .get(`+1 ${u.mobile}`)?.n;
    expect(live()).toBe(1);

    // A new code replaces the old one.
    passResendWait(server, `+1 ${u.mobile}`);
    expect((await call(server, '/api/user/send_code', { json: { mobile: u.mobile }, from })).body.code).toBe(1);
    const second = codeFromLog(server, '1', u.mobile);
    expect(live()).toBe(1);
    if (first !== second) {
      const old = await call(server, '/api/user/resetpwd', {
        json: { mobile: u.mobile, quhao: '1', code: first, newpassword: 'oldcode1' },
        from,
      });
      expect(old.body.code).toBe(0);
    }
    const res = await call(server, '/api/user/resetpwd', {
      json: { mobile: u.mobile, quhao: '1', code: second, newpassword: 'newcode1' },
      from,
    });
    expect(res.body.code).toBe(1);
  });

  it('stops guessing across fresh codes after 10 checks per phone, even the right code', async () => {
    const u = await register(server, '1', usMobile());
    const target = `+1 ${u.mobile}`;
    let answers: string[] = [];
    let code = '';
    // Two fresh codes, five wrong guesses each (each guess from a new address: the cap is the phone's).
    for (let round = 0; round < 2; round += 1) {
      passResendWait(server, target);
      expect(
        (await call(server, '/api/user/send_code', { json: { mobile: u.mobile, quhao: '1' }, from: newAddress() })).body
          .code,
      ).toBe(1);
      code = codeFromLog(server, '1', u.mobile);
      for (let i = 0; i < 5; i += 1) {
        const res = await call(server, '/api/user/resetpwd', {
          json: { mobile: u.mobile, quhao: '1', code: wrongCodeFor(code), newpassword: 'guessed1' },
          from: newAddress(),
        });
        answers.push(res.body.msg);
      }
    }
    expect(answers.filter((m) => m === 'Incorrect verification code')).toHaveLength(8);
    // A third code: not one more check.
    passResendWait(server, target);
    await call(server, '/api/user/send_code', { json: { mobile: u.mobile, quhao: '1' }, from: newAddress() });
    code = codeFromLog(server, '1', u.mobile);
    answers = [];
    for (const guess of [wrongCodeFor(code), code]) {
      const res = await call(server, '/api/user/resetpwd', {
        json: { mobile: u.mobile, quhao: '1', code: guess, newpassword: 'guessed1' },
        from: newAddress(),
      });
      expect(res.body.code).toBe(0);
      answers.push(res.body.msg);
    }
    // The window is a day: about 1440 minutes left.
    for (const msg of answers) {
      const minutes = Number(/^Too many wrong codes\. Try again in (\d+) minutes$/.exec(msg)?.[1]);
      expect(minutes).toBeGreaterThanOrEqual(1439);
      expect(minutes).toBeLessThanOrEqual(1440);
    }
    expect(await canLogin(server, u.username, 'guessed1')).toBe(false);
    const ko = await call(server, '/api/user/resetpwd', {
      json: { mobile: u.mobile, quhao: '1', code, newpassword: 'guessed1' },
      from: newAddress(),
      lang: 'han',
    });
    expect(ko.body.msg).toMatch(/^인증 코드 오류가 너무 많습니다\. \d+분 후에 다시 시도해 주세요$/);
  });

  it('stops one address guessing codes of many phones', async () => {
    const s = await startTestServer({ attemptLimits: { codeGuessesPerAddress: 4 } });
    try {
      const attacker = newAddress();
      const phones = [usMobile(), usMobile(), usMobile()];
      for (const mobile of phones) await register(s, '1', mobile);
      for (const mobile of phones)
        await call(s, '/api/user/send_code', { json: { mobile, quhao: '1' }, from: newAddress() });
      const msgs: string[] = [];
      for (const mobile of [...phones, ...phones]) {
        const code = codeFromLog(s, '1', mobile);
        const res = await call(s, '/api/user/resetpwd', {
          json: { mobile, quhao: '1', code: wrongCodeFor(code), newpassword: 'guessed1' },
          from: attacker,
        });
        msgs.push(res.body.msg);
      }
      expect(msgs.slice(0, 4)).toEqual(Array(4).fill('Incorrect verification code'));
      for (const msg of msgs.slice(4)) expect(msg).toMatch(/^Too many wrong codes\. Try again in \d+ minutes$/);
      // Somebody else's check is still made.
      const other = await call(s, '/api/user/resetpwd', {
        json: {
          mobile: phones[2],
          quhao: '1',
          code: wrongCodeFor(codeFromLog(s, '1', phones[2]!)),
          newpassword: 'x12345',
        },
        from: newAddress(),
      });
      expect(other.body.msg).toBe('Incorrect verification code');
    } finally {
      await s.stop();
    }
  });
});

describe('text message bombing', () => {
  it('sends at most 5 codes an hour to one phone, whatever the address', async () => {
    const u = await register(server, '1', usMobile());
    const target = `+1 ${u.mobile}`;
    const before = server.logLines.length;
    for (let i = 0; i < 5; i += 1) {
      passResendWait(server, target);
      const res = await call(server, '/api/user/send_code', {
        json: { mobile: u.mobile, quhao: '1' },
        from: newAddress(),
      });
      expect(res.body.code).toBe(1);
    }
    passResendWait(server, target);
    const sixth = await call(server, '/api/user/send_code', {
      json: { mobile: u.mobile, quhao: '1' },
      from: newAddress(),
    });
    expect(sixth.body.code).toBe(0);
    const minutes = Number(/^Too many codes asked for\. Try again in (\d+) minutes$/.exec(sixth.body.msg)?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(55);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(codeLines(server, before)).toHaveLength(5);
    const th = await call(server, '/api/user/send_code', {
      json: { mobile: u.mobile, quhao: '1' },
      from: newAddress(),
      lang: 'tai',
    });
    expect(th.body.msg).toMatch(/^ขอรหัสยืนยันหลายครั้งเกินไป กรุณาลองใหม่ใน \d+ นาที$/);
  });

  it('sends at most 20 codes an hour from one address, to any numbers', async () => {
    const attacker = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const mobile = `201555${String(7000 + i)}`;
      answers.push(
        (await call(server, '/api/user/send_code', { json: { mobile, quhao: '1' }, from: attacker })).body.code,
      );
    }
    expect(answers).toEqual([...Array(20).fill(1), 0]);
    // Another address is not held up.
    const other = await call(server, '/api/user/send_code', {
      json: { mobile: '2015557999', quhao: '1' },
      from: newAddress(),
    });
    expect(other.body.code).toBe(1);
  });
});

describe('password guessing', () => {
  it('locks the account after 5 wrong passwords, refuses the right one while locked, frees it after the lock', async () => {
    const u = await register(server, '1', usMobile());
    const from = newAddress();
    const times: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const start = Date.now();
      const res = await login(server, u.username, `wrong-${i}`, from);
      times.push(Date.now() - start);
      expect(res.body).toEqual({ code: 0, msg: 'Account or password is incorrect', data: null });
    }
    // Past 3 free failures each attempt waits longer (50 ms per failure over the free ones).
    expect(times[3]).toBeGreaterThanOrEqual(45);
    const fifth = await login(server, u.username, 'wrong-5', from);
    expect(fifth.body).toEqual({ code: 0, msg: 'Too many wrong passwords. Try again in 1 minutes', data: null });
    // The right password, from anywhere, by username or email: refused while locked.
    const right = await login(server, u.username, u.password, newAddress());
    expect(right.body).toEqual({ code: 0, msg: 'Too many wrong passwords. Try again in 1 minutes', data: null });
    const byEmail = await login(server, `${u.username}@example.com`, u.password, newAddress(), 'ri');
    expect(byEmail.body.msg).toBe('パスワードの誤りが多すぎます。1 分後にもう一度お試しください');
    // The lock is 2 seconds here.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await login(server, u.username, u.password, from)).body.code).toBe(1);
  });

  it('answers an unknown account exactly like a known one', async () => {
    const u = await register(server, '1', usMobile());
    const from = newAddress();
    for (let i = 1; i <= 5; i += 1) {
      const known = await login(server, u.username, `wrong-${i}`, from);
      const unknown = await login(server, `nobody_${counter}`, `wrong-${i}`, from);
      expect(unknown.body).toEqual(known.body);
    }
  });

  it('counts failures only: a right password clears the count', async () => {
    const u = await register(server, '1', usMobile());
    const from = newAddress();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await login(server, u.username, 'wrong-pw', from)).body.code).toBe(0);
      expect((await login(server, u.username, u.password, from)).body.code).toBe(1);
    }
  });

  it('stops one address guessing across many accounts, while an office logs in', async () => {
    const attacker = newAddress();
    const msgs: string[] = [];
    for (let i = 0; i < 21; i += 1) msgs.push((await login(server, `victim_${i}`, 'guess123', attacker)).body.msg);
    expect(msgs.slice(0, 20)).toEqual(Array(20).fill('Account or password is incorrect'));
    expect(msgs[20]).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes$/);
    expect((await login(server, 'demo', 'demo123', attacker)).body.code).toBe(0);
    // Successes do not count: thirty logins from one office address all pass.
    const office = newAddress();
    for (let i = 0; i < 30; i += 1) expect((await login(server, 'demo', 'demo123', office)).body.code).toBe(1);
  });

  it('locks the old-password check of a password change the same way', async () => {
    const u = await register(server, '1', usMobile());
    const from = newAddress();
    const token = ((await login(server, u.username, u.password, from)).body as Env<{ userinfo: { token: string } }>)
      .data.userinfo.token;
    const change = (oldpassword: string) =>
      call(server, '/api/user/resetpwd', { json: { oldpassword, newpassword: 'stolen123' }, token, from });
    for (let i = 1; i <= 4; i += 1)
      expect((await change(`wrong-${i}`)).body).toEqual({ code: 0, msg: 'The old password is incorrect', data: null });
    expect((await change('wrong-5')).body.msg).toBe('Too many wrong passwords. Try again in 1 minutes');
    expect((await change(u.password)).body.msg).toBe('Too many wrong passwords. Try again in 1 minutes');
    expect(await canLogin(server, u.username, 'stolen123')).toBe(false);
  });
});

it('locks the login-password check of a step-up (phone change, first payment code) the same way', async () => {
  // A stolen token must not be an unthrottled oracle for the login password.
  const u = await register(server, '1', usMobile());
  const from = newAddress();
  const token = ((await login(server, u.username, u.password, from)).body as Env<{ userinfo: { token: string } }>).data
    .userinfo.token;
  const moveEmail = (password: string) =>
    call(server, '/api/user/profile', { json: { email: `taken-${u.username}@example.net`, password }, token, from });
  const firstCode = (password: string) =>
    call(server, '/api/user/resetPay', {
      json: { oldpassword: '', newpassword: '246810', is_verify: 0, password },
      token,
      from,
    });
  for (let i = 1; i <= 2; i += 1)
    expect((await moveEmail(`wrong-${i}`)).body).toEqual({
      code: 0,
      msg: 'The login password is incorrect',
      data: null,
    });
  for (let i = 3; i <= 4; i += 1)
    expect((await firstCode(`wrong-${i}`)).body).toEqual({
      code: 0,
      msg: 'The login password is incorrect',
      data: null,
    });
  expect((await moveEmail('wrong-5')).body.msg).toBe('Too many wrong passwords. Try again in 1 minutes');
  expect((await moveEmail(u.password)).body.msg).toBe('Too many wrong passwords. Try again in 1 minutes');
  expect(await canLogin(server, u.username, u.password)).toBe(false);
});

describe('login flood', () => {
  it('50 parallel logins from one address do not hold up a right login from another', async () => {
    // A queue of 5 instead of 20: the fifty requests reach the server over some tens of
    // milliseconds on a busy machine, during which early checks finish and free their places; with
    // a short queue the refusals this test counts do not depend on how fast the fifty arrive.
    const s = await startTestServer({ attemptLimits: { loginAddressQueue: 5 } });
    try {
      const aloneStart = Date.now();
      expect((await login(s, 'demo', 'demo123', newAddress())).body.code).toBe(1);
      const aloneMs = Date.now() - aloneStart;

      const attacker = newAddress();
      const flood = Array.from({ length: 50 }, (_, i) => login(s, `flood_${i}`, 'guess123', attacker));
      const start = Date.now();
      const right = await login(s, 'demo', 'demo123', newAddress());
      const rightMs = Date.now() - start;
      const answers = await Promise.all(flood);
      expect(right.body.code).toBe(1);
      // One address gets 2 checks at a time and 5 more waiting their turn; the rest are refused at once.
      const checked = answers.filter((a) => a.body.msg === 'Account or password is incorrect');
      const busy = answers.filter((a) => a.body.msg === 'The server is busy. Please try again in a moment');
      expect(checked.length + busy.length).toBe(50);
      expect(busy.length).toBeGreaterThanOrEqual(20);
      // The right login waited for a few checks, not for fifty (about 25 times a login alone).
      expect(rightMs).toBeLessThan(aloneMs * 10 + 500);
    } finally {
      await s.stop();
    }
  });

  it('an office behind one address logging in at the same moment all get in', async () => {
    const s = await startTestServer();
    try {
      const office = newAddress();
      const answers = await Promise.all(Array.from({ length: 10 }, () => login(s, 'demo', 'demo123', office)));
      expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(1));
    } finally {
      await s.stop();
    }
  });
});
