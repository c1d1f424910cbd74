import { loginSchema } from '../../src/features/account/schemas/login.schema';
import { registerSchema, type RegisterValues } from '../../src/features/account/schemas/register.schema';
import { errorsOf } from '../support/schemas';

describe('loginSchema', () => {
  it('accepts an account and a password', async () => {
    expect(await errorsOf(loginSchema, { account: 'demo', password: 'demo123' })).toEqual({});
  });

  it.each([
    ['an empty account', { account: '', password: 'demo123' }, 'account'],
    ['an account of spaces', { account: '   ', password: 'demo123' }, 'account'],
    ['an empty password', { account: 'demo', password: '' }, 'password'],
  ])('refuses %s with "Please input account and password"', async (_case, values, field) => {
    expect(await errorsOf(loginSchema, values)).toEqual({ [field]: 'validation.loginRequired' });
  });
});

describe('registerSchema', () => {
  const valid: RegisterValues = {
    username: 'alice_01',
    nickname: 'Alice',
    email: 'alice@example.com',
    country: 'US',
    mobile: '2015550123',
    password: 'secret12',
    repPwd: 'secret12',
  };

  it('accepts a complete registration', async () => {
    expect(await errorsOf(registerSchema, valid)).toEqual({});
  });

  it('accepts a Thai number for Thailand, and spaces or dashes inside it', async () => {
    expect(await errorsOf(registerSchema, { ...valid, country: 'TH', mobile: '812345678' })).toEqual({});
    expect(await errorsOf(registerSchema, { ...valid, country: 'TH', mobile: '81 234-5678' })).toEqual({});
  });

  it('checks the mobile number for the chosen country: a valid US number fails for Thailand', async () => {
    expect(await errorsOf(registerSchema, { ...valid, country: 'US' })).toEqual({});
    expect(await errorsOf(registerSchema, { ...valid, country: 'TH' })).toEqual({ mobile: 'validation.mobile' });
    expect(await errorsOf(registerSchema, { ...valid, country: 'US', mobile: '812345678' })).toEqual({
      mobile: 'validation.mobile',
    });
  });

  it.each<[string, Partial<RegisterValues>, Record<string, string>]>([
    ['no account', { username: '' }, { username: 'validation.accountRequired' }],
    ['an account of 2 characters', { username: 'ab' }, { username: 'validation.accountFormat' }],
    ['an account of 21 characters', { username: 'a'.repeat(21) }, { username: 'validation.accountFormat' }],
    ['an account with a space or symbol', { username: 'bad name!' }, { username: 'validation.accountFormat' }],
    ['no nickname', { nickname: ' ' }, { nickname: 'validation.nicknameRequired' }],
    ['a nickname over 30 characters', { nickname: 'n'.repeat(31) }, { nickname: 'validation.nicknameLength' }],
    ['no email', { email: '' }, { email: 'validation.emailRequired' }],
    ['an invalid email', { email: 'alice@' }, { email: 'validation.email' }],
    ['no mobile', { mobile: '' }, { mobile: 'validation.mobileRequired' }],
    ['letters in the mobile', { mobile: '201555abcd' }, { mobile: 'validation.mobile' }],
    [
      'no password',
      { password: '', repPwd: '' },
      { password: 'validation.passwordRequired', repPwd: 'validation.confirmRequired' },
    ],
    ['a password of 5 characters', { password: '12345', repPwd: '12345' }, { password: 'validation.passwordMin' }],
    ['no confirmation', { repPwd: '' }, { repPwd: 'validation.confirmRequired' }],
    ['a confirmation that differs', { repPwd: 'secret13' }, { repPwd: 'validation.passwordMismatch' }],
  ])('refuses %s', async (_case, change, expected) => {
    expect(await errorsOf(registerSchema, { ...valid, ...change })).toEqual(expected);
  });

  it('accepts accounts of 3 and 20 characters and a password of exactly 6', async () => {
    expect(await errorsOf(registerSchema, { ...valid, username: 'abc' })).toEqual({});
    expect(await errorsOf(registerSchema, { ...valid, username: 'a'.repeat(20) })).toEqual({});
    expect(await errorsOf(registerSchema, { ...valid, password: '123456', repPwd: '123456' })).toEqual({});
  });
});
