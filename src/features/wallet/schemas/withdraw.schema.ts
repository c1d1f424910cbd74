import { object, string, type TestContext } from 'yup';
import { AMOUNT_PATTERN, toDecimal } from '../../../shared/lib/money';

export type WithdrawType = 'bank' | 'chain';

export interface WithdrawValues {
  type: WithdrawType;
  amount: string;
  bankCard: string;
  bankName: string;
  realName: string;
  network: string;
  address: string;
}

/** Validation context: the balance and, when the server tells it, the minimum from GET extract. */
export interface WithdrawContext {
  balance: string;
  /** getExtractInfo.min_price (an extension: a family backend may not send it). */
  minimum?: string;
}

/** Bank card numbers are 12 to 19 digits (ISO/IEC 7812); spaces and dashes as typed are ignored. */
export const BANK_CARD_PATTERN = /^\d{12,19}$/;

export function normalizeBankCard(value: string): string {
  return value.replace(/[\s-]/g, '');
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * SPEC.md section 5, Withdrawal amount, in this order (the server's): empty or <= 0 -> 'Draw amount
 * cannot be less than or equal to 0 or empty'; not an amount with at most 2 decimals -> 'Please fill
 * correct amount'; below the platform's minimum -> 'The minimum withdrawal is {min}'; above the
 * balance -> 'Draw amount cannot be larger than balance'. Returns the translation id or undefined
 * when the amount is fine.
 */
export function drawAmountProblem(value: string | undefined, balance: string, minimum?: string): string | undefined {
  const text = (value ?? '').trim();
  if (text === '' || (NUMBER.test(text) && toDecimal(text).lte(0))) return 'validation.drawAmountEmpty';
  if (!AMOUNT_PATTERN.test(text)) return 'validation.amount';
  if (minimum !== undefined && toDecimal(text).lt(toDecimal(minimum))) return 'validation.drawAmountBelowMinimum';
  if (toDecimal(text).gt(toDecimal(balance))) return 'validation.drawAmountOverBalance';
  return undefined;
}

const forBank = (type: unknown) => type === 'bank';
const forChain = (type: unknown) => type === 'chain';

export const withdrawSchema = object({
  type: string().oneOf(['bank', 'chain']).required(),
  amount: string().test('draw-amount', 'validation.drawAmountEmpty', (value, context: TestContext) => {
    const { balance = '0', minimum } = (context.options.context as WithdrawContext | undefined) ?? {};
    const problem = drawAmountProblem(value, balance, minimum);
    return problem ? context.createError({ message: problem }) : true;
  }),
  bankCard: string().when('type', {
    is: forBank,
    then: (schema) =>
      schema
        .trim()
        .required('validation.bankCardRequired')
        .test('bank-card', 'validation.bankCard', (value) => BANK_CARD_PATTERN.test(normalizeBankCard(value ?? ''))),
  }),
  bankName: string().when('type', {
    is: forBank,
    then: (schema) => schema.trim().required('validation.bankNameRequired'),
  }),
  realName: string().when('type', {
    is: forBank,
    then: (schema) => schema.trim().required('validation.realNameRequired'),
  }),
  network: string().when('type', {
    is: forChain,
    then: (schema) => schema.required('validation.withdrawNetworkRequired'),
  }),
  address: string().when('type', {
    is: forChain,
    then: (schema) => schema.trim().required('validation.addressRequired'),
  }),
});
