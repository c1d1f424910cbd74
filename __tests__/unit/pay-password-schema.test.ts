import {
  changePayPasswordSchema,
  setPayPasswordSchema,
  type PayPasswordValues,
} from '../../src/features/account/schemas/pay-password.schema';
import { errorsOf } from '../support/schemas';

const values = (over: Partial<PayPasswordValues>): PayPasswordValues => ({
  oldpassword: '',
  newpassword: '246810',
  confirm: '246810',
  password: 'secret12',
  ...over,
});

describe('setPayPasswordSchema (first payment code, have_pay 0)', () => {
  it('accepts 6 digits confirmed, without a current code', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({}))).toEqual({});
  });

  it('accepts a code starting with 0 (digits, not a number)', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({ newpassword: '012345', confirm: '012345' }))).toEqual({});
  });

  it('ignores whatever is in the current-code field', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({ oldpassword: 'abc' }))).toEqual({});
  });

  it.each([
    ['5 digits', '12345', 'validation.payCodeFormat'],
    ['7 digits', '1234567', 'validation.payCodeFormat'],
    ['letters', 'abcdef', 'validation.payCodeFormat'],
    ['digits and a letter', '12345a', 'validation.payCodeFormat'],
    ['a space inside', '123 45', 'validation.payCodeFormat'],
    ['surrounding spaces', ' 123456 ', 'validation.payCodeFormat'],
    ['full-width digits', '１２３４５６', 'validation.payCodeFormat'],
    ['a decimal point', '12345.', 'validation.payCodeFormat'],
    ['a sign', '-12345', 'validation.payCodeFormat'],
  ])('refuses %s as the new code', async (_case, code, message) => {
    expect(await errorsOf(setPayPasswordSchema, values({ newpassword: code, confirm: code }))).toEqual({
      newpassword: message,
    });
  });

  it('asks for the confirmation when it is empty', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({ confirm: '' }))).toEqual({
      confirm: 'validation.payCodeConfirmRequired',
    });
  });

  it('refuses a confirmation that differs', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({ confirm: '246811' }))).toEqual({
      confirm: 'validation.passwordMismatch',
    });
  });

  it('asks for a new code (and its confirmation) when both are empty', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({ newpassword: '', confirm: '' }))).toEqual({
      newpassword: 'validation.payCodeRequired',
      confirm: 'validation.payCodeConfirmRequired',
    });
  });

  it('asks for the login password (a session token alone must not set the first code)', async () => {
    expect(await errorsOf(setPayPasswordSchema, values({ password: '' }))).toEqual({
      password: 'validation.loginPasswordRequired',
    });
  });
});

describe('changePayPasswordSchema (changing, have_pay 1)', () => {
  const change = (over: Partial<PayPasswordValues>) => values({ oldpassword: '123456', ...over });

  it('accepts the current code and a different new one, confirmed', async () => {
    expect(await errorsOf(changePayPasswordSchema, change({}))).toEqual({});
  });

  it('does not ask for the login password (the current code proves the shopper)', async () => {
    expect(await errorsOf(changePayPasswordSchema, change({ password: '' }))).toEqual({});
  });

  it('asks for the current code', async () => {
    expect(await errorsOf(changePayPasswordSchema, change({ oldpassword: '' }))).toEqual({
      oldpassword: 'validation.oldPayCodeRequired',
    });
  });

  it.each([
    ['5 digits', '12345'],
    ['letters', 'abc123'],
  ])('refuses a current code of %s', async (_case, code) => {
    expect(await errorsOf(changePayPasswordSchema, change({ oldpassword: code }))).toEqual({
      oldpassword: 'validation.payCodeFormat',
    });
  });

  it('refuses a new code equal to the current one', async () => {
    expect(await errorsOf(changePayPasswordSchema, change({ newpassword: '123456', confirm: '123456' }))).toEqual({
      newpassword: 'validation.passwordSameAsOld',
    });
  });

  it.each([
    ['5 digits', '12345', 'validation.payCodeFormat'],
    ['letters', 'abcdef', 'validation.payCodeFormat'],
  ])('refuses %s as the new code', async (_case, code, message) => {
    expect(await errorsOf(changePayPasswordSchema, change({ newpassword: code, confirm: code }))).toEqual({
      newpassword: message,
    });
  });

  it('asks for a new code', async () => {
    expect(await errorsOf(changePayPasswordSchema, change({ newpassword: '', confirm: '' }))).toEqual({
      newpassword: 'validation.payCodeRequired',
      confirm: 'validation.payCodeConfirmRequired',
    });
  });

  it('asks for the confirmation, then refuses one that differs', async () => {
    expect(await errorsOf(changePayPasswordSchema, change({ confirm: '' }))).toEqual({
      confirm: 'validation.payCodeConfirmRequired',
    });
    expect(await errorsOf(changePayPasswordSchema, change({ confirm: '135790' }))).toEqual({
      confirm: 'validation.passwordMismatch',
    });
  });

  it('reports the format before sameness when the new code is malformed and equal to the old', async () => {
    expect(
      await errorsOf(
        changePayPasswordSchema,
        change({ oldpassword: '12a456', newpassword: '12a456', confirm: '12a456' }),
      ),
    ).toEqual({ oldpassword: 'validation.payCodeFormat', newpassword: 'validation.payCodeFormat' });
  });
});
