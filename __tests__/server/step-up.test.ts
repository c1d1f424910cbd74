/** @jest-environment node */
/**
 * A stolen session token is not a permanent takeover: with the token alone an attacker cannot move
 * the recovery phone or email (forgot password would then take the account) nor set the first
 * payment code of a shopper who has none (withdrawals would then empty the wallet). Both ask for
 * the login password as well; the nickname and avatar do not.
 */
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { newShopper, SHOPPER_PASSWORD as PASSWORD, verifyPay, type Env } from '../../server/src/tools/testing/wallet';

interface UserInfo {
  nickname: string;
  email: string;
  mobile: string;
  quhao: string;
  have_pay: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const userInfo = async (token: string) =>
  (await server.call<Env<UserInfo>>('/api/user/getUserInfo', { token })).body.data;
const profile = (token: string, json: unknown, lang?: string) =>
  server.call<Env>('/api/user/profile', { token, json, lang });
const resetPay = (token: string, json: unknown, lang?: string) =>
  server.call<Env>('/api/user/resetPay', { token, json, lang });
const refusal = (msg: string) => [200, { code: 0, msg, data: null }];

describe('changing the recovery phone or email with a stolen token', () => {
  it('refuses a phone change with the token alone, and the attacker cannot then reset the password', async () => {
    const { token, username } = await newShopper(server, 'su');
    const before = await userInfo(token);

    const res = await profile(token, { mobile: '2015550188', quhao: '1' });
    expect([res.status, res.body]).toEqual(refusal('Please enter your login password'));
    const onlyQuhao = await profile(token, { quhao: '44', mobile: '7400123456' });
    expect(onlyQuhao.body).toEqual({ code: 0, msg: 'Please enter your login password', data: null });
    expect(await userInfo(token)).toEqual(before);

    // The attacker's phone has no account, so forgot password from it takes nothing.
    await server.call<Env>('/api/user/send_code', { json: { mobile: '2015550188', quhao: '1' } });
    expect(server.logLines.some((l) => l.startsWith('[send_code] mobile +1 2015550188 code '))).toBe(false);
    await expect(loginAs(server, username, PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('refuses an email change with the token alone', async () => {
    const { token } = await newShopper(server, 'su');
    const before = await userInfo(token);
    const res = await profile(token, { email: 'attacker@example.net' });
    expect([res.status, res.body]).toEqual(refusal('Please enter your login password'));
    expect((await profile(token, { email: 'attacker@example.net' }, 'zh-CN')).body.msg).toBe('请输入登录密码');
    expect((await userInfo(token)).email).toBe(before.email);
  });

  it('refuses a wrong login password (translated) and changes nothing', async () => {
    const { token } = await newShopper(server, 'su');
    const before = await userInfo(token);
    const wrong = await profile(token, { email: 'attacker@example.net', password: 'guess123' });
    expect([wrong.status, wrong.body]).toEqual(refusal('The login password is incorrect'));
    const phone = await profile(token, { mobile: '2015550188', quhao: '1', password: 'guess123' }, 'ri');
    expect(phone.body).toEqual({ code: 0, msg: 'ログインパスワードが正しくありません', data: null });
    const tooLong = await profile(token, { email: 'attacker@example.net', password: 'x'.repeat(65) });
    expect([tooLong.status, tooLong.body]).toEqual(refusal('The login password is incorrect'));
    expect(await userInfo(token)).toEqual(before);
  });

  it('changes the phone and the email with the login password', async () => {
    const { token } = await newShopper(server, 'su');
    const phone = await profile(token, { mobile: '2015550177', quhao: '1', password: PASSWORD });
    expect(phone.body).toEqual({ code: 1, msg: 'Save successful', data: null });
    const email = await profile(token, { email: 'moved@example.org', password: PASSWORD });
    expect(email.body).toEqual({ code: 1, msg: 'Save successful', data: null });
    expect(await userInfo(token)).toMatchObject({ mobile: '2015550177', quhao: '1', email: 'moved@example.org' });
  });

  it('changes the nickname without the password, also when the unchanged phone and email are sent along', async () => {
    const { token } = await newShopper(server, 'su');
    const before = await userInfo(token);
    const res = await profile(token, { nickname: 'Still Me' });
    expect(res.body).toEqual({ code: 1, msg: 'Save successful', data: null });
    const same = await profile(token, {
      nickname: 'Me Again',
      email: before.email,
      mobile: before.mobile,
      quhao: before.quhao,
    });
    expect(same.body).toEqual({ code: 1, msg: 'Save successful', data: null });
    expect(await userInfo(token)).toEqual({ ...before, nickname: 'Me Again' });
  });
});

describe('setting the first payment code with a stolen token', () => {
  it('refuses it with the token alone, so verify_pay cannot authorize a withdrawal', async () => {
    const { token } = await newShopper(server, 'sp');
    const res = await resetPay(token, { oldpassword: '', newpassword: '123456', is_verify: 0 });
    expect([res.status, res.body]).toEqual(refusal('Please enter your login password'));
    expect((await resetPay(token, { oldpassword: '', newpassword: '123456', is_verify: 0 }, 'han')).body.msg).toBe(
      '로그인 비밀번호를 입력해 주세요',
    );
    expect((await userInfo(token)).have_pay).toBe(0);
    expect((await verifyPay(server, token, '123456')).code).toBe(0);
  });

  it('refuses a wrong login password', async () => {
    const { token } = await newShopper(server, 'sp');
    const res = await resetPay(token, { oldpassword: '', newpassword: '123456', is_verify: 0, password: 'guess123' });
    expect([res.status, res.body]).toEqual(refusal('The login password is incorrect'));
    expect((await userInfo(token)).have_pay).toBe(0);
  });

  it('sets it with the login password; changing it later needs the current code, not the password', async () => {
    const { token } = await newShopper(server, 'sp');
    const set = await resetPay(token, { oldpassword: '', newpassword: '123456', is_verify: 0, password: PASSWORD });
    expect(set.body).toEqual({ code: 1, msg: 'Setting Success', data: null });
    expect((await userInfo(token)).have_pay).toBe(1);
    expect((await verifyPay(server, token, '123456')).code).toBe(1);
    const change = await resetPay(token, { oldpassword: '123456', newpassword: '654321', is_verify: 1 });
    expect(change.body).toEqual({ code: 1, msg: 'Change Successful', data: null });
  });
});
