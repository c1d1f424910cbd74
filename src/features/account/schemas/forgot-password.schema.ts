import { object, string } from 'yup';
import { isValidMobile, type CountryCode } from '../../../shared/lib/phone';
import { MIN_PASSWORD_LENGTH } from './register.schema';

/** The verification code sendVerificationCode sends: 6 digits (DESIGN.md section 3.2). */
export const VERIFICATION_CODE_LENGTH = 6;

export interface ForgotPasswordValues {
  country: CountryCode;
  mobile: string;
  code: string;
  newpassword: string;
  confirm: string;
}

const mobileRules = {
  country: string().required('validation.mobile'),
  mobile: string()
    .trim()
    .required('validation.mobileRequired')
    .test('mobile-for-country', 'validation.mobile', (value, context) =>
      Boolean(value && isValidMobile(value, (context.parent as ForgotPasswordValues).country)),
    ),
};

/** Step 1: the account's mobile number, checked for its country before a code is sent. */
export const forgotMobileSchema = object(mobileRules);

/** Step 2: the code, and the new password twice (SPEC.md section 5). */
export const forgotResetSchema = object({
  ...mobileRules,
  code: string()
    .trim()
    .required('validation.codeRequired')
    .matches(/^\d{6}$/, 'validation.codeFormat'),
  newpassword: string().required('validation.passwordRequired').min(MIN_PASSWORD_LENGTH, 'validation.passwordMin'),
  confirm: string()
    .required('validation.confirmRequired')
    // A test, not oneOf: yup runs oneOf before required, which would hide 'enter it again'.
    .test(
      'same-as-new',
      'validation.passwordMismatch',
      (value, context) => !value || value === (context.parent as ForgotPasswordValues).newpassword,
    ),
});
