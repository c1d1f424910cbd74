import { callingCodeOf } from '../../src/shared/lib/phone';
import { maskEmail, maskMobile } from '../../src/features/account/components/contact-mask';
import {
  changePasswordSchema,
  type ChangePasswordValues,
} from '../../src/features/account/schemas/change-password.schema';
import {
  forgotMobileSchema,
  forgotResetSchema,
  type ForgotPasswordValues,
} from '../../src/features/account/schemas/forgot-password.schema';
import {
  countryOfNumber,
  changesRecovery,
  profileChanges,
  profileSchema,
  profileSchemaFor,
  profileValuesOf,
  type ProfileValues,
} from '../../src/features/account/schemas/profile.schema';
import { errorsOf } from '../support/schemas';

describe('profileSchema', () => {
  const profile = (over: Partial<ProfileValues> = {}): ProfileValues => ({
    avatar: '',
    nickname: 'Demo Shopper',
    email: 'demo@example.com',
    country: 'US',
    mobile: '2015550123',
    password: '',
    ...over,
  });

  it('accepts a complete profile', async () => {
    expect(await errorsOf(profileSchema, profile())).toEqual({});
  });

  it('accepts a Thai number for Thailand and a Japanese one for Japan', async () => {
    expect(await errorsOf(profileSchema, profile({ country: 'TH', mobile: '812345678' }))).toEqual({});
    expect(await errorsOf(profileSchema, profile({ country: 'JP', mobile: '09012345678' }))).toEqual({});
  });

  it.each([
    [{ nickname: '' }, { nickname: 'validation.nicknameRequired' }],
    [{ nickname: '   ' }, { nickname: 'validation.nicknameRequired' }],
    [{ nickname: 'x'.repeat(31) }, { nickname: 'validation.nicknameLength' }],
    [{ email: '' }, { email: 'validation.emailRequired' }],
    [{ email: 'demo@' }, { email: 'validation.email' }],
    [{ email: 'demo.example.com' }, { email: 'validation.email' }],
    [{ email: 'demo@localhost' }, { email: 'validation.email' }],
    [{ email: 'de mo@example.com' }, { email: 'validation.email' }],
    [{ mobile: '' }, { mobile: 'validation.mobileRequired' }],
    [{ mobile: '12345' }, { mobile: 'validation.mobile' }],
    [{ mobile: 'phone' }, { mobile: 'validation.mobile' }],
    // A US number is not a Thai one: the country decides.
    [{ country: 'TH' as const }, { mobile: 'validation.mobile' }],
  ])('refuses %j with %j', async (over, expected) => {
    expect(await errorsOf(profileSchema, profile(over))).toEqual(expected);
  });

  it('takes 30 characters of nickname', async () => {
    expect(await errorsOf(profileSchema, profile({ nickname: 'x'.repeat(30) }))).toEqual({});
  });
});

describe('profileSchemaFor (the login password when the mobile or email changes)', () => {
  const saved: ProfileValues = {
    avatar: '',
    nickname: 'Demo Shopper',
    email: 'demo@example.com',
    country: 'US',
    mobile: '2015550123',
    password: '',
  };
  const schema = profileSchemaFor(saved);

  it('does not ask for it when only the nickname or photo changes', async () => {
    const values = { ...saved, nickname: 'New Name', avatar: '/uploads/b.png' };
    expect(changesRecovery(saved, values)).toBe(false);
    expect(await errorsOf(schema, values)).toEqual({});
  });

  it.each([
    ['a new email', { email: 'new@example.com' }],
    ['a new mobile', { mobile: '2015550199' }],
    ['a new calling code', { country: 'TH' as const, mobile: '812345678' }],
  ])('asks for it with %s, and accepts it typed', async (_case, over) => {
    expect(changesRecovery(saved, { ...saved, ...over })).toBe(true);
    expect(await errorsOf(schema, { ...saved, ...over })).toEqual({ password: 'validation.loginPasswordRequired' });
    expect(await errorsOf(schema, { ...saved, ...over, password: 'secret12' })).toEqual({});
  });
});

describe('profileValuesOf and countryOfNumber', () => {
  it('fills the form from user info, finding the country from the number', () => {
    expect(
      profileValuesOf({ avatar: '', nickname: 'Demo', email: 'd@example.com', quhao: '1', mobile: '2015550123' }, 'TH'),
    ).toEqual({
      avatar: '',
      nickname: 'Demo',
      email: 'd@example.com',
      country: 'US',
      mobile: '2015550123',
      password: '',
    });
  });

  it('tells Canada from the US, both +1', () => {
    expect(countryOfNumber('1', '6135550123', 'US')).toBe('CA');
    expect(countryOfNumber('1', '2015550123', 'CA')).toBe('US');
  });

  it('falls back to the shopper country when it has the code, else a country that has it', () => {
    expect(countryOfNumber('1', '', 'CA')).toBe('CA');
    expect(callingCodeOf(countryOfNumber('66', '1', 'US'))).toBe('66');
    expect(countryOfNumber('', '2015550123', 'JP')).toBe('JP');
    expect(countryOfNumber('abc', '2015550123', 'JP')).toBe('JP');
  });
});

describe('profileChanges', () => {
  const saved: ProfileValues = {
    avatar: '/uploads/a.png',
    nickname: 'Demo Shopper',
    email: 'demo@example.com',
    country: 'US',
    mobile: '2015550123',
    password: '',
  };

  it('sends nothing when nothing changed (spaces around text do not count)', () => {
    expect(profileChanges(saved, { ...saved, nickname: ' Demo Shopper ', mobile: '201 555-0123' })).toEqual({});
  });

  it('sends only the nickname when only it changed, trimmed', () => {
    expect(profileChanges(saved, { ...saved, nickname: '  New Name ' })).toEqual({ nickname: 'New Name' });
  });

  it('sends only the email when only it changed', () => {
    expect(profileChanges(saved, { ...saved, email: 'new@example.com' })).toEqual({ email: 'new@example.com' });
  });

  it('sends a new mobile with its calling code, without spaces', () => {
    expect(profileChanges(saved, { ...saved, mobile: '201 555 0199' })).toEqual({
      mobile: '2015550199',
      quhao: '1',
    });
  });

  it('sends the number and the new calling code when only the country changed', () => {
    expect(profileChanges(saved, { ...saved, country: 'TH' })).toEqual({ mobile: '2015550123', quhao: '66' });
  });

  it('does not send the number when the new country has the same calling code', () => {
    expect(profileChanges(saved, { ...saved, country: 'CA' })).toEqual({});
  });

  it('sends a new avatar, and treats a removed one as no change', () => {
    expect(profileChanges(saved, { ...saved, avatar: '/uploads/b.png' })).toEqual({ avatar: '/uploads/b.png' });
    expect(profileChanges(saved, { ...saved, avatar: '' })).toEqual({});
  });

  it('sends the login password with a new email or mobile, never with a nickname alone', () => {
    expect(profileChanges(saved, { ...saved, email: 'new@example.com', password: 'secret12' })).toEqual({
      email: 'new@example.com',
      password: 'secret12',
    });
    expect(profileChanges(saved, { ...saved, mobile: '2015550199', password: 'secret12' })).toEqual({
      mobile: '2015550199',
      quhao: '1',
      password: 'secret12',
    });
    expect(profileChanges(saved, { ...saved, nickname: 'New Name', password: 'secret12' })).toEqual({
      nickname: 'New Name',
    });
  });

  it('sends every changed field together', () => {
    expect(
      profileChanges(saved, {
        avatar: '/b.png',
        nickname: 'N',
        email: 'n@example.com',
        country: 'JP',
        mobile: '09012345678',
        password: '',
      }),
    ).toEqual({ avatar: '/b.png', nickname: 'N', email: 'n@example.com', mobile: '09012345678', quhao: '81' });
  });
});

describe('forgot-password schemas', () => {
  const forgot = (over: Partial<ForgotPasswordValues> = {}): ForgotPasswordValues => ({
    country: 'US',
    mobile: '2015550123',
    code: '123456',
    newpassword: 'secret12',
    confirm: 'secret12',
    ...over,
  });

  it('step 1 checks the mobile number for its country only', async () => {
    expect(await errorsOf(forgotMobileSchema, forgot({ code: '', newpassword: '', confirm: '' }))).toEqual({});
    expect(await errorsOf(forgotMobileSchema, forgot({ mobile: '' }))).toEqual({ mobile: 'validation.mobileRequired' });
    expect(await errorsOf(forgotMobileSchema, forgot({ mobile: '123' }))).toEqual({ mobile: 'validation.mobile' });
    expect(await errorsOf(forgotMobileSchema, forgot({ country: 'TH' }))).toEqual({ mobile: 'validation.mobile' });
  });

  it('step 2 accepts a 6-digit code and a confirmed password of 6 or more', async () => {
    expect(await errorsOf(forgotResetSchema, forgot())).toEqual({});
    expect(await errorsOf(forgotResetSchema, forgot({ newpassword: 'abcdef', confirm: 'abcdef' }))).toEqual({});
  });

  it.each([
    [{ code: '' }, { code: 'validation.codeRequired' }],
    [{ code: '12345' }, { code: 'validation.codeFormat' }],
    [{ code: '1234567' }, { code: 'validation.codeFormat' }],
    [{ code: '12a456' }, { code: 'validation.codeFormat' }],
    [
      { newpassword: '', confirm: '' },
      { newpassword: 'validation.passwordRequired', confirm: 'validation.confirmRequired' },
    ],
    [{ newpassword: 'abcde', confirm: 'abcde' }, { newpassword: 'validation.passwordMin' }],
    [{ confirm: '' }, { confirm: 'validation.confirmRequired' }],
    [{ confirm: 'secret13' }, { confirm: 'validation.passwordMismatch' }],
    [{ mobile: '' }, { mobile: 'validation.mobileRequired' }],
  ])('step 2 refuses %j with %j', async (over, expected) => {
    expect(await errorsOf(forgotResetSchema, forgot(over))).toEqual(expected);
  });
});

describe('changePasswordSchema', () => {
  const change = (over: Partial<ChangePasswordValues> = {}): ChangePasswordValues => ({
    oldpassword: 'demo123',
    newpassword: 'newsecret',
    confirm: 'newsecret',
    ...over,
  });

  it('accepts the current password and a new, confirmed one of 6 or more', async () => {
    expect(await errorsOf(changePasswordSchema, change())).toEqual({});
    expect(await errorsOf(changePasswordSchema, change({ newpassword: '123456', confirm: '123456' }))).toEqual({});
  });

  it.each([
    [{ oldpassword: '' }, { oldpassword: 'validation.oldPasswordRequired' }],
    [
      { newpassword: '', confirm: '' },
      { newpassword: 'validation.passwordRequired', confirm: 'validation.confirmRequired' },
    ],
    [{ newpassword: 'abcde', confirm: 'abcde' }, { newpassword: 'validation.passwordMin' }],
    [{ newpassword: 'demo123', confirm: 'demo123' }, { newpassword: 'validation.passwordSameAsOld' }],
    [{ confirm: '' }, { confirm: 'validation.confirmRequired' }],
    [{ confirm: 'newsecreT' }, { confirm: 'validation.passwordMismatch' }],
  ])('refuses %j with %j', async (over, expected) => {
    expect(await errorsOf(changePasswordSchema, change(over))).toEqual(expected);
  });

  it('tells a short new password before comparing it with the old one', async () => {
    expect(
      await errorsOf(changePasswordSchema, change({ oldpassword: 'abc', newpassword: 'abc', confirm: 'abc' })),
    ).toEqual({
      newpassword: 'validation.passwordMin',
    });
  });
});

describe('maskMobile and maskEmail', () => {
  it.each([
    ['1', '2015550123', '+1 201****123'],
    ['66', '812345678', '+66 812***678'],
    ['81', '09012345678', '+81 090*****678'],
    ['1', '12345', '+1 12*45'],
    ['1', '1234', '+1 ****'],
    ['', '2015550123', '201****123'],
    ['1', '', ''],
  ])('shows +%s %s as %s', (quhao, mobile, masked) => {
    expect(maskMobile(quhao, mobile)).toBe(masked);
  });

  it.each([
    ['demo@example.com', 'de**@example.com'],
    ['jonathan@example.co.jp', 'jo******@example.co.jp'],
    ['abc@x.org', 'a**@x.org'],
    ['a@x.org', 'a**@x.org'],
    ['', ''],
    ['no-at-sign', '******'],
  ])('shows %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
