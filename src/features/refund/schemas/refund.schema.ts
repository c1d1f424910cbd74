import { array, object, string, type TestContext } from 'yup';
import { AMOUNT_PATTERN, toDecimal } from '../../../shared/lib/money';

/** Reason keys the contract names (openapi ApplyRefundRequest.reason_type); the SPA translates them. */
export const REFUND_REASONS = [
  'quality',
  'not_as_described',
  'wrong_item',
  'damaged',
  'no_longer_needed',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The contract's limit on refund_explain. */
export const EXPLAIN_MAX = 500;
/** Proof images a request may carry. */
export const MAX_PROOFS = 3;

export interface RefundValues {
  /** '0' refund only (no return), '1' return and refund; '' until chosen. */
  serviceType: '' | '0' | '1';
  /** '0' goods not received, '1' received; '' until chosen. */
  receivingStatus: '' | '0' | '1';
  amount: string;
  reason: '' | RefundReason;
  explain: string;
  /** URLs of the uploaded proofs. */
  images: string[];
}

/** Validation context: the most that may be refunded (what was paid, DESIGN.md section 3.4). */
export interface RefundContext {
  maxAmount: string;
}

const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * SPEC.md section 5, Refund, in this order: empty -> 'Please enter the refund amount'; negative ->
 * 'Refund amount cannot be negative'; not an amount with at most 2 decimals -> 'Please fill correct
 * amount'; zero -> the amount must be above 0; above what was paid -> at most the amount paid.
 * Returns the translation id, or undefined when the amount is fine.
 */
export function refundAmountProblem(value: string | undefined, maxAmount: string): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return 'refund.validation.amountRequired';
  if (NUMBER.test(text) && toDecimal(text).isNegative()) return 'validation.refundNegative';
  if (!AMOUNT_PATTERN.test(text)) return 'validation.amount';
  if (toDecimal(text).lte(0)) return 'refund.validation.amountZero';
  if (toDecimal(text).gt(toDecimal(maxAmount))) return 'refund.validation.amountOverPaid';
  return undefined;
}

export const refundSchema = object({
  serviceType: string().oneOf(['0', '1'], 'refund.validation.typeRequired').required('refund.validation.typeRequired'),
  receivingStatus: string()
    .oneOf(['0', '1'], 'refund.validation.productStatusRequired')
    .required('refund.validation.productStatusRequired'),
  amount: string().test('refund-amount', 'refund.validation.amountRequired', (value, context: TestContext) => {
    const maxAmount = (context.options.context as RefundContext | undefined)?.maxAmount ?? '0';
    const problem = refundAmountProblem(value, maxAmount);
    return problem ? context.createError({ message: problem }) : true;
  }),
  reason: string()
    .oneOf([...REFUND_REASONS], 'refund.validation.reasonRequired')
    .required('refund.validation.reasonRequired'),
  explain: string()
    .trim()
    .required('refund.validation.explainRequired')
    .max(EXPLAIN_MAX, 'refund.validation.explainLength'),
  images: array(string().required()).min(1, 'refund.validation.proofRequired').max(MAX_PROOFS),
});
