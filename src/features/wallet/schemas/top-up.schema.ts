import { object, string } from 'yup';
import { isPositiveAmount } from '../../../shared/lib/money';

export interface TopUpValues {
  /** The chosen network's name ('' until the shopper chooses). */
  network: string;
  /** The platform's deposit address on that network (from listBlockchains). */
  address: string;
  amount: string;
  /** URL of the uploaded payment evidence. */
  image: string;
}

/** SPEC.md section 5, Recharge: the messages are translation ids. */
export const topUpSchema = object({
  network: string().required('validation.networkRequired'),
  address: string().trim().required('validation.addressRequired'),
  amount: string()
    .trim()
    .required('validation.amount')
    .test('amount', 'validation.amount', (value) => isPositiveAmount(value)),
  image: string().required('validation.evidenceRequired'),
});
