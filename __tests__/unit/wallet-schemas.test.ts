import { topUpSchema, type TopUpValues } from '../../src/features/wallet/schemas/top-up.schema';
import {
  drawAmountProblem,
  normalizeBankCard,
  withdrawSchema,
  type WithdrawValues,
} from '../../src/features/wallet/schemas/withdraw.schema';
import { errorsOf } from '../support/schemas';

describe('topUpSchema', () => {
  const valid: TopUpValues = {
    network: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    amount: '50.00',
    image: 'http://127.0.0.1/media/uploads/proof.png',
  };

  it('accepts a complete top-up', async () => {
    expect(await errorsOf(topUpSchema, valid)).toEqual({});
    expect(await errorsOf(topUpSchema, { ...valid, amount: '0.01' })).toEqual({});
    expect(await errorsOf(topUpSchema, { ...valid, amount: ' 12 ' })).toEqual({});
  });

  it('asks for everything on an empty form with SPEC.md section 5 messages', async () => {
    expect(await errorsOf(topUpSchema, { network: '', address: '', amount: '', image: '' })).toEqual({
      network: 'validation.networkRequired',
      address: 'validation.addressRequired',
      amount: 'validation.amount',
      image: 'validation.evidenceRequired',
    });
  });

  it.each(['0', '0.00', '-5', '1.234', 'abc', '1e3', '1,000'])(
    'refuses the amount %p with "Please fill correct amount"',
    async (amount) => {
      expect(await errorsOf(topUpSchema, { ...valid, amount })).toEqual({ amount: 'validation.amount' });
    },
  );

  it('wants the deposit address of the chosen network', async () => {
    expect(await errorsOf(topUpSchema, { ...valid, address: '  ' })).toEqual({
      address: 'validation.addressRequired',
    });
  });

  it('wants the payment evidence', async () => {
    expect(await errorsOf(topUpSchema, { ...valid, image: '' })).toEqual({ image: 'validation.evidenceRequired' });
  });
});

describe('drawAmountProblem', () => {
  it.each([
    ['', 'validation.drawAmountEmpty'],
    ['   ', 'validation.drawAmountEmpty'],
    ['0', 'validation.drawAmountEmpty'],
    ['0.00', 'validation.drawAmountEmpty'],
    ['-5', 'validation.drawAmountEmpty'],
    ['-0.01', 'validation.drawAmountEmpty'],
    ['1.234', 'validation.amount'],
    ['abc', 'validation.amount'],
    ['1e2', 'validation.amount'],
    ['1000.01', 'validation.drawAmountOverBalance'],
    ['5000', 'validation.drawAmountOverBalance'],
  ])('says %p -> %s against a balance of 1000.00', (value, expected) => {
    expect(drawAmountProblem(value, '1000.00')).toBe(expected);
  });

  it.each(['0.01', '1', '999.99', '1000', '1000.00', ' 10.5 '])('accepts %p up to the whole balance', (value) => {
    expect(drawAmountProblem(value, '1000.00')).toBeUndefined();
  });

  it("refuses an amount below the platform's minimum, before the balance, when the server tells it", () => {
    expect(drawAmountProblem('9.99', '1000.00', '10.00')).toBe('validation.drawAmountBelowMinimum');
    expect(drawAmountProblem('0.16', '5.00', '10.00')).toBe('validation.drawAmountBelowMinimum');
    expect(drawAmountProblem('10', '1000.00', '10.00')).toBeUndefined();
    expect(drawAmountProblem('10.01', '10.00', '10.00')).toBe('validation.drawAmountOverBalance');
  });

  it('compares exactly, not as floats', () => {
    expect(drawAmountProblem('0.30', '0.3')).toBeUndefined();
    expect(drawAmountProblem('9007199254740993.01', '9007199254740993.00')).toBe('validation.drawAmountOverBalance');
  });
});

describe('withdrawSchema', () => {
  const bank: WithdrawValues = {
    type: 'bank',
    amount: '100',
    bankCard: '6222 0202 0011 2233 445',
    bankName: 'Example Bank',
    realName: 'Demo Shopper',
    network: '',
    address: '',
  };
  const chain: WithdrawValues = {
    ...bank,
    type: 'chain',
    bankCard: '',
    bankName: '',
    realName: '',
    network: 'TRC20',
    address: 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa',
  };
  const context = { balance: '1000.00' };

  it('accepts a bank-card withdrawal (spaces in the card number are fine) and ignores chain fields', async () => {
    expect(await errorsOf(withdrawSchema, bank, context)).toEqual({});
  });

  it('refuses an amount below the minimum of the context', async () => {
    expect(await errorsOf(withdrawSchema, { ...bank, amount: '9.99' }, { ...context, minimum: '10.00' })).toEqual({
      amount: 'validation.drawAmountBelowMinimum',
    });
  });

  it('accepts an on-chain withdrawal and ignores the bank fields', async () => {
    expect(await errorsOf(withdrawSchema, chain, context)).toEqual({});
  });

  it('asks for the amount and the three bank fields', async () => {
    expect(
      await errorsOf(withdrawSchema, { ...bank, amount: '', bankCard: '', bankName: ' ', realName: '' }, context),
    ).toEqual({
      amount: 'validation.drawAmountEmpty',
      bankCard: 'validation.bankCardRequired',
      bankName: 'validation.bankNameRequired',
      realName: 'validation.realNameRequired',
    });
  });

  it.each(['12345678901', '12345678901234567890', '6222abcd02001122', '6222-0202-0011-2233-4456'])(
    'refuses the bank card number %p',
    async (bankCard) => {
      expect(await errorsOf(withdrawSchema, { ...bank, bankCard }, context)).toEqual({
        bankCard: 'validation.bankCard',
      });
    },
  );

  it.each(['123456789012', '1234567890123456789', '6222-0202-0011-2233'])(
    'accepts the bank card number %p (12 to 19 digits)',
    async (bankCard) => {
      expect(await errorsOf(withdrawSchema, { ...bank, bankCard }, context)).toEqual({});
    },
  );

  it('asks for the network and the receiving address on chain', async () => {
    expect(await errorsOf(withdrawSchema, { ...chain, network: '', address: '' }, context)).toEqual({
      network: 'validation.withdrawNetworkRequired',
      address: 'validation.addressRequired',
    });
  });

  it('refuses an amount above the balance given as context', async () => {
    expect(await errorsOf(withdrawSchema, { ...bank, amount: '1000.01' }, context)).toEqual({
      amount: 'validation.drawAmountOverBalance',
    });
    expect(await errorsOf(withdrawSchema, { ...bank, amount: '1000.00' }, context)).toEqual({});
  });

  it('treats a missing balance as 0', async () => {
    expect(await errorsOf(withdrawSchema, bank)).toEqual({ amount: 'validation.drawAmountOverBalance' });
  });

  it('refuses more than 2 decimals with "Please fill correct amount"', async () => {
    expect(await errorsOf(withdrawSchema, { ...bank, amount: '10.005' }, context)).toEqual({
      amount: 'validation.amount',
    });
  });
});

describe('normalizeBankCard', () => {
  it('drops spaces and dashes as typed', () => {
    expect(normalizeBankCard(' 6222 0202-0011 2233 445 ')).toBe('6222020200112233445');
  });
});
