import { object, string } from 'yup';
import { sameAs } from './password.schema';

/** DESIGN.md section 4: a payment code is exactly 6 digits (SPEC.md sections 5 and 9: digits only, 6). */
export const PAY_CODE_LENGTH = 6;
const PAY_CODE = /^\d{6}$/;

export interface PayPasswordValues {
  /** The current code; only asked when one is set (have_pay 1). */
  oldpassword: string;
  newpassword: string;
  confirm: string;
  /** The login password; only asked when setting the first code (have_pay 0). */
  password: string;
}

const confirmation = sameAs('newpassword', 'validation.payCodeConfirmRequired');

/**
 * Setting the first payment code (have_pay 0): no current code (SPEC.md section 5), but the login
 * password, so that a stolen session token alone cannot open the wallet's withdrawals.
 */
export const setPayPasswordSchema = object({
  newpassword: string().required('validation.payCodeRequired').matches(PAY_CODE, 'validation.payCodeFormat'),
  confirm: confirmation,
  password: string().required('validation.loginPasswordRequired'),
});

/** Changing the payment code (have_pay 1): the current one, and a new one that differs from it. */
export const changePayPasswordSchema = object({
  oldpassword: string().required('validation.oldPayCodeRequired').matches(PAY_CODE, 'validation.payCodeFormat'),
  newpassword: string()
    .required('validation.payCodeRequired')
    .matches(PAY_CODE, 'validation.payCodeFormat')
    .test(
      'differs-from-old',
      'validation.passwordSameAsOld',
      (value, context) => !value || value !== (context.parent as PayPasswordValues).oldpassword,
    ),
  confirm: confirmation,
});
